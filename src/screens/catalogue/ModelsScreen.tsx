// The models screen: one declared resource (modelResources.ts) on the shared resource screen.
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { modelsResource } from './modelResources.ts';

const parts = [{ resource: modelsResource }];

export default function ModelsScreen() {
  return <ResourceScreen id="models" parts={parts} />;
}
