// The line a figures screen shows when its data could not be loaded: the reason, and a way to try again.
import { LoadProblem as Problem } from '../../../components/data/LoadProblem.tsx';

export function LoadProblem(props: { message: string; retryLabel: string; onRetry: () => void }) {
  return <Problem {...props} className="stats-problem" retryClassName="stats-link-button" />;
}
