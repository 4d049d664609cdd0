// /eventProcess: confirmed alarms waiting to be dealt with (§7 PUT deal), with evidence images (AlarmListScreen.tsx).
import { AlarmListScreen } from './AlarmListScreen.tsx';

export default function EventProcessScreen() {
  return <AlarmListScreen mode="process" />;
}
