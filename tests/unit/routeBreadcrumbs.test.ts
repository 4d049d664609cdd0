// §2: the current menu item by path and typeIds, and the breadcrumbs from the menu dictionary (by full path,
// then path), or the page title when the menu does not hold the route.
import { describe, expect, it } from 'vitest';
import type { MenuModule } from '../../src/api/types.ts';
import { breadcrumbTrail, currentMenuTrail, menuDictionary, typeIdsOf } from '../../src/app/breadcrumbs.ts';

let nextId = 1;
function item(moduleNumber: string, children: MenuModule[] = [], moduleDescription = ''): MenuModule {
  return {
    id: nextId++,
    parentId: 0,
    moduleName: `中文 ${moduleNumber}`,
    moduleNameEn: `English ${moduleNumber}`,
    moduleIcon: '',
    moduleNumber,
    moduleDescription,
    moduleType: 'menu',
    sort: 0,
    visible: true,
    children,
  };
}

const menu = [
  item('group:alarms', [item('actualTimeEvent', [], '1,2,3'), item('historyEvent')]),
  // The same route key a second time, for road events only.
  item('group:road', [item('actualTimeEvent', [], '1001,1002')]),
  item('algorithmProduction', [item('algorithmProduction/train')]),
];
const dictionary = menuDictionary(menu);
const names = (trail: readonly MenuModule[] | null) => trail?.map((m) => m.moduleNameEn) ?? null;

describe('the current menu item', () => {
  it('is found by path', () => {
    expect(names(currentMenuTrail(dictionary, '/historyEvent', ''))).toEqual(['English group:alarms', 'English historyEvent']);
    expect(names(currentMenuTrail(dictionary, '/historyEvent/', ''))).toEqual(['English group:alarms', 'English historyEvent']);
  });

  it('is chosen by typeIds when the route key appears more than once', () => {
    const road = currentMenuTrail(dictionary, '/actualTimeEvent', '?typeIds=1001%2C1002');
    expect(names(road)).toEqual(['English group:road', 'English actualTimeEvent']);
    const alarms = currentMenuTrail(dictionary, '/actualTimeEvent', '?typeIds=1,2,3');
    expect(names(alarms)).toEqual(['English group:alarms', 'English actualTimeEvent']);
  });

  it('falls back to the first item of the path when typeIds match nothing there', () => {
    expect(names(currentMenuTrail(dictionary, '/actualTimeEvent', '?typeIds=9'))).toEqual(['English group:alarms', 'English actualTimeEvent']);
  });

  it('is selected by typeIds alone on a route the menu does not list under that path', () => {
    expect(names(currentMenuTrail(dictionary, '/alarmCenter/actualTimeEvent', '?typeIds=1001,1002'))).toEqual([
      'English group:road',
      'English actualTimeEvent',
    ]);
  });

  it('is none for a route the menu does not hold', () => {
    expect(currentMenuTrail(dictionary, '/userConfig', '')).toBeNull();
    expect(currentMenuTrail(dictionary, '/alarmCenter/historyEvent', '')).toBeNull();
  });

  it('reads typeIds from the query', () => {
    expect(typeIdsOf('?typeIds=%201,2%20&x=1')).toBe('1,2');
    expect(typeIdsOf('')).toBe('');
  });
});

describe('breadcrumbs', () => {
  it('name the menu path, linking the route items above the current one', () => {
    const trail = currentMenuTrail(dictionary, '/algorithmProduction/train', '');
    expect(breadcrumbTrail(trail, 'en', 'ignored')).toEqual([
      { label: 'English algorithmProduction', href: '/algorithmProduction' },
      { label: 'English algorithmProduction/train', href: undefined },
    ]);
  });

  it('do not link groups, and follow the language', () => {
    const trail = currentMenuTrail(dictionary, '/historyEvent', '');
    expect(breadcrumbTrail(trail, 'zh-CN', 'x')).toEqual([
      { label: '中文 group:alarms', href: undefined },
      { label: '中文 historyEvent', href: undefined },
    ]);
  });

  it('are the page title alone off the menu', () => {
    expect(breadcrumbTrail(null, 'en', 'User management')).toEqual([{ label: 'User management' }]);
  });
});
