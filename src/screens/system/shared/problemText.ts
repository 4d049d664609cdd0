// A §5 problem in the user's language (system.json `validation.*`).
import type { TFunction } from 'i18next';
import type { Problem } from '../../../domain/validators.ts';

export function problemText(t: TFunction<'system'>, problem: Problem): string {
  switch (problem.rule) {
    case 'required':
      return t('validation.required');
    case 'maxLength':
      return t('validation.maxLength', { max: problem.max });
    case 'lengthBetween':
      return t('validation.lengthBetween', { min: problem.min, max: problem.max });
    case 'passwordsDiffer':
      return t('validation.passwordsDiffer');
    case 'phone':
      return t('validation.phone');
    case 'idCard':
      return t('validation.idCard');
    case 'email':
      return t('validation.email');
    case 'integer':
      return t('validation.integer');
    case 'between':
      return t('validation.between', { min: problem.min, max: problem.max });
    case 'pattern':
      return t(`validation.pattern.${problem.what}`);
    case 'startAfterEnd':
      return t('validation.startAfterEnd');
    case 'laterThanNow':
      return t('validation.laterThanNow');
    case 'rangeTooLong':
      return t('validation.rangeTooLong', { hours: problem.hours });
    case 'badTime':
      return t('validation.badTime');
    case 'fileTooLarge':
      return t('validation.fileTooLarge', { maxMb: problem.maxMb });
    case 'fileType':
      return t('validation.fileType', { allowed: problem.allowed });
  }
}
