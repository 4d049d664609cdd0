// The buttons of a list row as one declared list (label, action, danger, shown, accessible name). No styles of
// its own: CellActions lays them out in a table cell of their own (actionsColumn).
import { Link } from 'react-router';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';

export interface RowButton {
  key: string;
  label: string;
  /** What the button does; `to` makes it a link to that page instead (it opens in a new tab too). */
  onClick?(): void;
  to?: string;
  danger?: boolean;
  /** Left out when false (the user lacks the permission, or the row's state does not allow it). */
  shown?: boolean;
  /** The button's accessible name when its label alone would be ambiguous in a list ("Edit" → "Edit Alice"). */
  ariaLabel?: string;
}

export function RowButtons({ buttons }: { buttons: readonly RowButton[] }) {
  return buttons
    .filter((button) => button.shown !== false)
    .map((button) =>
      button.to ? (
        // A link to a page stays a link (rsuite names any other element a button).
        <Button key={button.key} as={Link} to={button.to} role="link" size="xs" appearance="link" color={button.danger ? 'red' : undefined} aria-label={button.ariaLabel}>
          {button.label}
        </Button>
      ) : (
        <Button key={button.key} size="xs" appearance="link" color={button.danger ? 'red' : undefined} onClick={button.onClick} aria-label={button.ariaLabel}>
          {button.label}
        </Button>
      ),
    );
}
