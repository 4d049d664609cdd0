// The modelScenes screen: one declared resource (modelResources.ts) on the shared resource screen.
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { modelScenesResource } from './modelResources.ts';

const parts = [{ resource: modelScenesResource }];

export default function ModelScenesScreen() {
  return <ResourceScreen id="modelScenes" parts={parts} />;
}
