// Registers the date functions rsuite's date pickers format and parse with (src/app/rsuiteDates.ts). Imported first
// by every module that shows an rsuite date or date-range picker; those pickers bring date-fns in their own chunks.
import { format, isValid, parse } from 'rsuite/esm/internals/utils/date/index.js';
import { registerRsuiteDates } from '../../app/rsuiteDates.ts';

registerRsuiteDates({ format, parse, isValid });
