// Registers the date functions rsuite's date pickers format and parse with, and their locales (src/app/rsuiteDates.ts). Imported first
// by every module that shows an rsuite date or date-range picker; those pickers bring date-fns in their own chunks.
import { enGB } from 'date-fns/locale/en-GB';
import { enUS } from 'date-fns/locale/en-US';
import { zhCN } from 'date-fns/locale/zh-CN';
import { format, isValid, parse } from 'rsuite/esm/internals/utils/date/index.js';
import { registerRsuiteDates } from '../../app/rsuiteDates.ts';

// The locales of rsuite's zh_CN and en_US (src/app/RsuiteLocale.tsx), and en_GB, its default.
export const RSUITE_DATE_LOCALES: Record<string, object> = { 'zh-CN': zhCN, 'en-US': enUS, 'en-GB': enGB };

registerRsuiteDates({ format, parse, isValid, locales: RSUITE_DATE_LOCALES });
