// The line a figures screen shows when its data could not be loaded: the reason, and a way to try again.
interface LoadProblemProps {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

export function LoadProblem({ message, retryLabel, onRetry }: LoadProblemProps) {
  return (
    <p className="stats-problem" role="alert">
      {message}{' '}
      <button type="button" className="stats-link-button" onClick={onRetry}>
        {retryLabel}
      </button>
    </p>
  );
}
