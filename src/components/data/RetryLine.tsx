// The line a panel shows when its data could not be loaded: the reason and an rsuite button to load again
// (role alert, so it is announced). `boxed`: the reason in its own span inside a block (panels that lay the
// two out side by side); otherwise one paragraph. LoadProblem is the same line for areas with their own
// link-styled buttons.
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';

export interface RetryLineProps {
  message: string;
  retryLabel: string;
  onRetry(): void;
  className?: string;
  boxed?: boolean;
  size?: 'xs' | 'sm' | 'md';
  appearance?: 'link';
}

export function RetryLine({ message, retryLabel, onRetry, className, boxed, size, appearance }: RetryLineProps) {
  const retry = (
    <Button size={size} appearance={appearance} onClick={onRetry}>
      {retryLabel}
    </Button>
  );
  return boxed ? (
    <div role="alert" className={className}>
      <span>{message}</span> {retry}
    </div>
  ) : (
    <p className={className} role="alert">
      {message} {retry}
    </p>
  );
}
