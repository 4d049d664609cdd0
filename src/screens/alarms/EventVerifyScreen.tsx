// /eventVerify: dealt alarms to check (qualified / unqualified) or send back (§7 PUT check, again) (AlarmListScreen.tsx).
import { AlarmListScreen } from './AlarmListScreen.tsx';

export default function EventVerifyScreen() {
  return <AlarmListScreen mode="verify" />;
}
