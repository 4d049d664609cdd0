// A §5 rule's refusal in words, with its figures.
import { useTranslation } from 'react-i18next';
import type { RuleRefusal } from '../../domain/trainingRules.ts';

export function RefusalText({ refusal }: { refusal: RuleRefusal }) {
  const { t } = useTranslation('training');
  return <span data-rule={refusal.code}>{t(`rules.${refusal.code}`, refusal)}</span>;
}
