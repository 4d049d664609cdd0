// The server's messages: placeholders filled, a counted English word in its singular or plural form by the count
// ("1 camera", "3 cameras"), and no English message hedging with "(s)".
import { describe, expect, it } from 'vitest';
import { messages, translate } from '../../server/http/messages.ts';

describe('server messages', () => {
  it('writes a counted word in the form the count takes', () => {
    expect(translate('en', 'scenes.inUse', { name: 'Highway', count: 1, scenes: 1 })).toContain('is still used by 1 camera (1 of the scenes');
    expect(translate('en', 'scenes.inUse', { name: 'Highway', count: 3, scenes: 2 })).toContain('is still used by 3 cameras (2 of the scenes');
    expect(translate('en', 'alarms.conflict.batch', { count: 1, id: 7, status: 'handled', user: 'admin' })).toMatch(/^1 alarm could not be handled/);
    expect(translate('en', 'alarms.conflict.batch', { count: 2, id: 7, status: 'handled', user: 'admin' })).toMatch(/^2 alarms could not be handled/);
    expect(translate('zh', 'scenes.inUse', { name: '高速', count: 3, scenes: 2 })).toContain('仍被 3 台摄像机使用');
  });

  it('leaves a placeholder without its parameter as it is', () => {
    expect(translate('en', 'scenes.inUse', { count: 2 })).toContain('Scene "{name}"');
  });

  it('has no English message that writes "(s)"', () => {
    const hedged = Object.entries(messages).filter(([, text]) => /[a-z]\((s|es)\)/i.test(text.en.replaceAll('http(s)', ''))).map(([key]) => key);
    expect(hedged).toEqual([]);
  });
});
