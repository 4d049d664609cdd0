// The imgTags screen: one declared resource (systemResources.ts) on the shared resource screen.
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { imgTagsResource } from './systemResources.ts';

const parts = [{ resource: imgTagsResource }];

export default function ImgTagsScreen() {
  return <ResourceScreen id="imgTags" parts={parts} />;
}
