// A dialog whose code does not arrive (the connection dropped at its first opening): the user is told to reload, the
// dialog closes and the screen stays; opening it again says so again. Any other error still reaches the screen's
// boundary.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoadFailure } from '../../src/components/data/LoadFailure.tsx';
import { DialogLoad, OpenedOnce } from '../../src/components/data/OpenedOnce.tsx';
import commonEn from '../../src/i18n/en/common.json';
import commonZh from '../../src/i18n/zh-CN/common.json';

const notices = vi.hoisted(() => [] as { kind: string; text: string }[]);
vi.mock('../../src/app/notify.ts', () => ({ notify: (kind: string, text: string) => notices.push({ kind, text }) }));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { common: commonZh }, en: { common: commonEn } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  notices.length = 0;
});

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Dialog-x1.js');

/** A dialog module whose load fails. */
function missingDialog() {
  const calls = { n: 0 };
  const Dialog = lazy<(props: { onClose(): void }) => ReactNode>(async () => {
    calls.n += 1;
    throw chunkError();
  });
  return { Dialog, calls };
}

class ScreenBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  render() {
    return this.state.error ? <p role="alert">screen error: {this.state.error}</p> : this.props.children;
  }
}

function OnceScreen({ Dialog }: { Dialog: ReturnType<typeof missingDialog>['Dialog'] }) {
  const [open, setOpen] = useState(false);
  return (
    <ScreenBoundary>
      <button type="button" onClick={() => setOpen(true)}>open</button>
      <OpenedOnce open={open} onLoadFailed={() => setOpen(false)}>
        <Dialog onClose={() => setOpen(false)} />
      </OpenedOnce>
    </ScreenBoundary>
  );
}

function WhileOpenScreen({ Dialog }: { Dialog: ReturnType<typeof missingDialog>['Dialog'] }) {
  const [open, setOpen] = useState(false);
  return (
    <ScreenBoundary>
      <button type="button" onClick={() => setOpen(true)}>open</button>
      {open ? (
        <DialogLoad onLoadFailed={() => setOpen(false)}>
          <Dialog onClose={() => setOpen(false)} />
        </DialogLoad>
      ) : null}
    </ScreenBoundary>
  );
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('a dialog whose code fails to load', () => {
  for (const [label, Screen] of [
    ['kept mounted once opened (OpenedOnce)', OnceScreen],
    ['mounted while open (DialogLoad)', WhileOpenScreen],
  ] as const) {
    it(`${label}: says so, leaves the screen, and says so again at the next opening`, async () => {
      const { Dialog } = missingDialog();
      render(<Screen Dialog={Dialog} />);
      const failed = { kind: 'error', text: '对话框加载失败，请检查网络后刷新页面' };
      await click('open');
      await vi.waitFor(() => expect(notices).toEqual([failed]));
      expect(screen.getByRole('button', { name: 'open' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull(); // not the screen's error

      await click('open');
      await vi.waitFor(() => expect(notices).toEqual([failed, failed]));
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }

  it('another error in the dialog still reaches the screen boundary', async () => {
    const Broken = lazy<(props: { onClose(): void }) => ReactNode>(async () => ({
      default: () => {
        throw new Error('render bug');
      },
    }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<OnceScreen Dialog={Broken} />);
    await click('open');
    expect((await screen.findByRole('alert')).textContent).toBe('screen error: render bug');
    expect(notices).toEqual([]);
  });

  it('in place (the schema form in its dialog): what to show instead', async () => {
    const { Dialog } = missingDialog();
    render(
      <ScreenBoundary>
        <LoadFailure failed={<p className="dialog-failure">the form could not be loaded</p>}>
          <Suspense fallback={null}>
            <Dialog onClose={() => {}} />
          </Suspense>
        </LoadFailure>
      </ScreenBoundary>,
    );
    expect(await screen.findByText('the form could not be loaded')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
