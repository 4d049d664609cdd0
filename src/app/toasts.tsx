// Loaded on demand by notify.ts.
import Message from 'rsuite/Message';
import toaster from 'rsuite/toaster';
import 'rsuite/Message/styles/index.css';
import 'rsuite/toaster/styles/index.css';
import type { NoticeKind } from './notify.ts';

export function pushToast(kind: NoticeKind, text: string): void {
  void toaster.push(
    <Message type={kind} showIcon closable>
      {text}
    </Message>,
    { placement: 'topCenter', duration: kind === 'error' ? 6000 : 4500 },
  );
}
