// What the console loads after a sign-in (§4): the menu, the system config and its audio url, the alarm dialog
// position (default 1), the title, and the search properties built locally.
import { describe, expect, it } from 'vitest';
import { type BootstrapLoaders, loadBootstrap, localSearchProperties } from '../../src/api/bootstrap.ts';
import { parseAlarmDialogPosition } from '../../src/api/config.ts';
import { bootstrap, systemConfig } from '../machines/sessionHarness.ts';

function loaders(overrides: Partial<BootstrapLoaders> = {}): BootstrapLoaders {
  return {
    nav: async () => ({ menuList: bootstrap.menuList, buttonList: bootstrap.buttonList, userinfo: bootstrap.userinfo }),
    systemConfig: async () => ({ ...systemConfig, audioUrl: '/files/siren.mp3' }),
    alarmDialogPosition: async () => 3,
    title: async () => null,
    searchProperties: localSearchProperties,
    ...overrides,
  };
}

describe('session bootstrap', () => {
  it('gathers the menu, system config, audio url, alarm dialog position and search properties', async () => {
    const loaded = await loadBootstrap(loaders());
    expect(loaded.menuList).toEqual(bootstrap.menuList);
    expect(loaded.buttonList).toEqual(['index_traffic']);
    expect(loaded.systemConfig.titleWordReplacements).toEqual({ 系统: '平台' });
    expect(loaded.audioUrl).toBe('/files/siren.mp3');
    expect(loaded.alarmDialogPosition).toBe(3);
    expect(Object.keys(loaded.searchProperties).sort()).toEqual(['Face', 'MotorVehicle', 'NonMotorVehicle', 'Person']);
  });

  it('leaves the sound empty when the server says the configured file is missing (the beep plays, nothing is requested)', async () => {
    const loaded = await loadBootstrap(loaders({ systemConfig: async () => ({ ...systemConfig, audioUrl: '/audio/gone.wav', audioAvailable: false }) }));
    expect(loaded.audioUrl).toBe('');
    expect(loaded.systemConfig.audioUrl).toBe('/audio/gone.wav');
  });

  it('falls back to the default dialog position (1) and no title when those calls fail', async () => {
    const loaded = await loadBootstrap(
      loaders({ alarmDialogPosition: () => Promise.reject(new Error('x')), title: () => Promise.reject(new Error('y')) }),
    );
    expect(loaded.alarmDialogPosition).toBe(1);
    expect(loaded.title).toBeNull();
  });

  it('fails when the menu or the system config cannot be loaded', async () => {
    await expect(loadBootstrap(loaders({ nav: () => Promise.reject(new Error('菜单加载失败')) }))).rejects.toThrow('菜单加载失败');
    await expect(loadBootstrap(loaders({ systemConfig: () => Promise.reject(new Error('配置加载失败')) }))).rejects.toThrow('配置加载失败');
  });

  it('builds the search properties once per page', async () => {
    expect(await localSearchProperties()).toBe(await localSearchProperties());
  });

  it('reads the stored dialog position as a corner 1..4, anything else as 1', () => {
    expect(['1', '2', '3', '4', 4].map(parseAlarmDialogPosition)).toEqual([1, 2, 3, 4, 4]);
    expect(['0', '5', '', 'left', undefined, null].map(parseAlarmDialogPosition)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
