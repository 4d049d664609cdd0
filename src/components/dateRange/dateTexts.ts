// The "yyyy-MM-dd HH:mm:ss" texts the filters keep their times in (the contract's DateTime).
import { formatDateTime, parseDateTime } from '../../domain/validators.ts';
import type { DateTexts } from './typedRange.ts';

export const DATE_TIME_TEXTS: DateTexts = { parse: parseDateTime, format: formatDateTime };
