// The tags screen: one declared resource (systemResources.ts) on the shared resource screen.
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { tagsResource } from './systemResources.ts';

const parts = [{ resource: tagsResource }];

export default function TagsScreen() {
  return <ResourceScreen id="tags" parts={parts} />;
}
