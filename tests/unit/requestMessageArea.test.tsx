// The one notification path (§8: the global closable message area with text and type, configured title words
// replaced) and the 'please wait' overlay (§7), rendered in jsdom with the real catalogues.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLoadingCounter } from '../../src/api/loading.ts';
import { createNoticeStore, MAX_NOTICES, NOTICE_DURATION_MS, replaceTitleWords, type Timers } from '../../src/app/notify.ts';
import { LoadingOverlay } from '../../src/components/LoadingOverlay.tsx';
import { MessageArea } from '../../src/components/MessageArea.tsx';
import errorsEn from '../../src/i18n/en/errors.json';
import errorsZh from '../../src/i18n/zh-CN/errors.json';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { errors: errorsZh }, en: { errors: errorsEn } },
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

/** Timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const timers: Timers = {
    now: () => now,
    setTimeout: (run, ms) => {
      pending.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...pending]) {
      if (timer.at <= now) {
        pending.delete(id);
        timer.run();
      }
    }
  };
  return { timers, advance };
}

describe('title word replacement (system config titleWordReplacements)', () => {
  it('replaces every configured word, longest first, in one pass', () => {
    const replacements = { 系统: '平台', 系统管理员: '超级管理员', Argus: '天眼', 平台: '不会再换' };
    expect(replaceTitleWords('系统管理员已登录Argus系统', replacements)).toBe('超级管理员已登录天眼平台');
    expect(replaceTitleWords('a.b (x)', { '.': '。', '(x)': '[y]' })).toBe('a。b [y]');
    expect(replaceTitleWords('不变', {})).toBe('不变');
    expect(replaceTitleWords('不变', null)).toBe('不变');
  });
});

describe('the message store', () => {
  it('keeps messages until they close by themselves or are closed, shows a repeat once, and at most five', () => {
    const { timers, advance } = manualTimers();
    const store = createNoticeStore(timers);
    const first = store.push('error', '连接服务器失败');
    expect(store.push('error', '连接服务器失败')).toBeNull(); // several calls failing together: one message
    store.push('success', '已保存');
    expect(store.list().map((notice) => notice.kind)).toEqual(['error', 'success']);
    advance(NOTICE_DURATION_MS.success);
    expect(store.list().map((notice) => notice.text)).toEqual(['连接服务器失败']);
    store.close(first!);
    expect(store.list()).toEqual([]);
    for (let i = 0; i < MAX_NOTICES + 2; i++) store.push('info', `消息 ${i}`);
    expect(store.list().map((notice) => notice.text)).toEqual(['消息 2', '消息 3', '消息 4', '消息 5', '消息 6']);
  });
});

describe('<MessageArea>', () => {
  it('shows text and type, with the configured words replaced, and closes on its button', () => {
    const store = createNoticeStore(manualTimers().timers);
    render(<MessageArea store={store} replacements={{ 系统: '平台' }} />);
    act(() => {
      store.push('warning', '系统维护中');
      store.push('success', '用户已创建');
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('平台维护中');
    expect(alert.className).toContain('message-area-warning');
    expect(screen.getByRole('status').className).toContain('message-area-success');
    fireEvent.click(screen.getAllByRole('button', { name: '关闭消息' })[0]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('用户已创建');
  });
});

describe('<LoadingOverlay>', () => {
  it("shows 'please wait' on the loading-text element while flagged calls run", () => {
    const counter = createLoadingCounter();
    const { container } = render(<LoadingOverlay counter={counter} />);
    expect(container.querySelector('.loading-text')).toBeNull();
    act(() => {
      counter.start();
      counter.start();
    });
    expect(container.querySelector('.loading-text')?.textContent).toBe('请稍候');
    act(() => counter.end());
    expect(container.querySelector('.loading-text')).not.toBeNull();
    act(() => {
      counter.end();
      counter.end(); // an unmatched end does not go below zero
    });
    expect(container.querySelector('.loading-overlay')).toBeNull();
    act(() => counter.start());
    expect(container.querySelector('.loading-text')).not.toBeNull();
  });
});
