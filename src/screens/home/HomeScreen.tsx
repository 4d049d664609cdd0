// The home routes: /test is the algorithm dashboard (spec §1), /index_traffic and /index_traffic_truth the traffic
// dashboards (the latter narrowed by its menu's typeIds); /welcome greets a user whose role has no menu.
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { AlgorithmDashboard } from './AlgorithmDashboard.tsx';
import { TrafficDashboard } from './TrafficDashboard.tsx';
import { WelcomePanel } from './WelcomePanel.tsx';

export default function HomeScreen() {
  const entry = useScreenEntry();
  const title = usePageTitle(entry);
  if (entry?.id === 'test') return <AlgorithmDashboard title={title} />;
  if (entry?.id === 'index_traffic' || entry?.id === 'index_traffic_truth') return <TrafficDashboard title={title} />;
  return <WelcomePanel />;
}
