// Names for the generated contract types the console passes around (aliases, never copies).
import type { CityConfigKey, Envelope, LoginResult, MenuModule, NavData, PageTitle, SystemConfig, UserInfo } from './schema.gen.ts';

export type { Envelope, LoginResult, UserInfo, MenuModule, NavData, PageTitle, SystemConfig, CityConfigKey };

export type SceneType = NonNullable<LoginResult['sceneType']>;
