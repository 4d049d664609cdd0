// Marks what the platform simulates (the demo site's edge boxes and cameras), so nobody takes it for a real device.
import { useTranslation } from 'react-i18next';

export function SimulatedBadge({ simulated, what }: { simulated: boolean | null | undefined; what: 'box' | 'camera' }) {
  const { t } = useTranslation('devices');
  if (!simulated) return null;
  return (
    <span className="device-badge simulated" title={t(`simulated.${what}`)}>
      {t('simulated.label')}
    </span>
  );
}

/** A name with its simulated badge (list cells). */
export function NameWithBadge({ name, simulated, what }: { name: string; simulated: boolean | null | undefined; what: 'box' | 'camera' }) {
  return (
    <span className="device-name">
      <span>{name}</span>
      <SimulatedBadge simulated={simulated} what={what} />
    </span>
  );
}
