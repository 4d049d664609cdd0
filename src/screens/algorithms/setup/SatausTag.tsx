// The state of a setup event (the wire's `sataus`): draft, published, changed since its last publish.
import { useTranslation } from 'react-i18next';

export function SatausTag({ sataus }: { sataus: 0 | 1 | 2 }) {
  const { t } = useTranslation('algorithms');
  return <span className={`orch-tag orch-tag-${sataus}`}>{t(`sataus.${sataus}`)}</span>;
}
