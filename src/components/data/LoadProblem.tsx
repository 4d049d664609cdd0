// The line a panel or list shows when its data could not be loaded: the reason, and a button to try again. Each
// area styles it with its own classes.
export interface LoadProblemProps {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  className: string;
  retryClassName: string;
}

export function LoadProblem({ message, retryLabel, onRetry, className, retryClassName }: LoadProblemProps) {
  return (
    <p className={className} role="alert">
      {message}{' '}
      <button type="button" className={retryClassName} onClick={onRetry}>
        {retryLabel}
      </button>
    </p>
  );
}
