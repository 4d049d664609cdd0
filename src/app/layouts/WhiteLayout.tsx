// The white layout (/layoutWhite of §2): a light header with the user menu, no side menu, a white body.
import { AssistantPanel } from '../../components/assistant/AssistantPanel.tsx';
import { GuardedOutlet } from './GuardedOutlet.tsx';
import { ShellHeader } from './ShellHeader.tsx';
import './layouts.css';

export function WhiteLayout() {
  return (
    <div className="white-layout">
      <ShellHeader />
      <main id="main-content" className="white-layout-content" tabIndex={-1}>
        <GuardedOutlet />
      </main>
      <AssistantPanel />
    </div>
  );
}
