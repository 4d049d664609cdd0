// Names for the generated contract types the console passes around (aliases, never copies).
import type { components } from './schema.gen.ts';

type Schemas = components['schemas'];

export type Envelope = Schemas['Envelope'];
export type LoginResult = Schemas['LoginResult'];
export type UserInfo = Schemas['UserInfo'];
export type MenuModule = Schemas['MenuModule'];
export type NavData = Schemas['NavData'];
export type PageTitle = Schemas['PageTitle'];
export type SceneType = NonNullable<LoginResult['sceneType']>;
export type SystemConfig = Schemas['SystemConfig'];
export type CityConfigKey = Schemas['CityConfigKey'];
