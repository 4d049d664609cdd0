// The modelTypes screen: one declared resource (modelResources.ts) on the shared resource screen.
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { modelTypesResource } from './modelResources.ts';

const parts = [{ resource: modelTypesResource }];

export default function ModelTypesScreen() {
  return <ResourceScreen id="modelTypes" parts={parts} />;
}
