// /historyEvent: every alarm, filtered and paged, with bulk handling and the .xlsx export (AlarmListScreen.tsx).
import { AlarmListScreen } from './AlarmListScreen.tsx';

export default function HistoryEventScreen() {
  return <AlarmListScreen mode="history" />;
}
