// /moveManage: algorithm running — one declared resource (runResources.ts) on the shared resource screen.
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { runsResource } from './runResources.ts';

const parts = [{ resource: runsResource }];

export default function MoveManageScreen() {
  return <ResourceScreen id="moveManage" parts={parts} />;
}
