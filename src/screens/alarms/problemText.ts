// A §5 problem of an alarm filter or form, in the user's language (alarms.json `validation.*`).
import type { TFunction } from 'i18next';
import type { Problem } from '../../domain/validators.ts';

export function problemText(t: TFunction<'alarms'>, problem: Problem): string {
  switch (problem.rule) {
    case 'startAfterEnd':
      return t('validation.startAfterEnd');
    case 'laterThanNow':
      return t('validation.laterThanNow');
    case 'rangeTooLong':
      return problem.hours % 24 === 0 ? t('validation.rangeTooLongDays', { days: problem.hours / 24 }) : t('validation.rangeTooLongHours', { hours: problem.hours });
    case 'badTime':
      return t('validation.badTime');
    case 'maxLength':
      return t('validation.maxLength', { max: problem.max });
    case 'between':
      return t('validation.between', { min: problem.min, max: problem.max });
    case 'required':
      return t('validation.required');
    default:
      return t('validation.invalid');
  }
}
