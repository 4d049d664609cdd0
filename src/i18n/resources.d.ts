// Message keys are checked at compile time against the zh-CN catalogues (the default language);
// tests/unit/i18nCatalogues.test.ts checks that every language has the same keys.
import 'i18next';
import type auth from './zh-CN/auth.json';
import type common from './zh-CN/common.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; auth: typeof auth };
  }
}
