// Issue 9: the boot starts the first screen's code and catalogues with its own (no extra round trip before the
// first paint).
import { describe, expect, it } from 'vitest';
import { initialRouteEntry, prefetchInitialRoute } from '../../src/app/initialRoute.ts';

describe('initial route', () => {
  it('finds the entry of a path, following the table redirect of /', () => {
    expect(initialRouteEntry('/login')?.id).toBe('login');
    expect(initialRouteEntry('/')?.id).toBe('login');
    expect(initialRouteEntry('/historyEvent/')?.id).toBe('historyEvent');
    expect(initialRouteEntry('/alarmCenter/historyEvent')?.id).toBe('alarmCenter/historyEvent');
    expect(initialRouteEntry('/no-such-page')).toBeUndefined();
  });

  it('answers the namespaces the first screen needs, the shell behind sign-in', () => {
    expect(prefetchInitialRoute('/login')).toEqual(['auth']);
    expect(prefetchInitialRoute('/historyEvent')).toEqual(['alarms', 'shell']);
    expect(prefetchInitialRoute('/userConfig')).toEqual(['system', 'shell']);
    expect(prefetchInitialRoute('/no-such-page')).toEqual([]);
  });
});
