// Message keys are checked at compile time against the zh-CN catalogues (the default language);
// tests/unit/i18nCatalogues.test.ts checks that every language has the same keys.
import 'i18next';
import type alarms from './zh-CN/alarms.json';
import type algorithms from './zh-CN/algorithms.json';
import type catalogue from './zh-CN/catalogue.json';
import type training from './zh-CN/training.json';
import type auth from './zh-CN/auth.json';
import type common from './zh-CN/common.json';
import type errors from './zh-CN/errors.json';
import type portal from './zh-CN/portal.json';
import type shell from './zh-CN/shell.json';
import type system from './zh-CN/system.json';
import type devices from './zh-CN/devices.json';
import type forms from './zh-CN/forms.json';
import type tasks from './zh-CN/tasks.json';
import type stats from './zh-CN/stats.json';
import type licensing from './zh-CN/licensing.json';
import type push from './zh-CN/push.json';
import type video from './zh-CN/video.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; auth: typeof auth; system: typeof system; shell: typeof shell; portal: typeof portal; errors: typeof errors; devices: typeof devices; tasks: typeof tasks; forms: typeof forms; alarms: typeof alarms; algorithms: typeof algorithms; stats: typeof stats; catalogue: typeof catalogue; training: typeof training; licensing: typeof licensing; push: typeof push; video: typeof video };
  }
}
