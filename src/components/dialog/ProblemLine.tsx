// A problem shown in place, announced (role alert): a dialog's or panel's refusal of its last attempt, a toolbar's
// or field's problem. Nothing when there is none. Each area styles it with its own class.
export function ProblemLine({ failure, className = 'dialog-failure' }: { failure: string | null | undefined; className?: string }) {
  return failure ? (
    <p className={className} role="alert">
      {failure}
    </p>
  ) : null;
}

