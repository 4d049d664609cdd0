// /plugManage: the third-party push endpoints (a declared resource), a note when the master push switch is off,
// and the delivery log of the endpoint the user opens (or just sent a test to).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { ResourceScreen } from '../../components/resource/ResourceScreen.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { endpointsResource } from './plugResources.ts';
import { masterSwitchOn, type PlugIndustry } from './pushApi.ts';
import './push.css';

export default function PlugManageScreen() {
  const { t } = useTranslation('push');
  const [opened, setOpened] = useState<{ endpoint: PlugIndustry; round: number } | null>(null);
  const parts = useMemo(() => [{ resource: endpointsResource((endpoint) => setOpened((current) => ({ endpoint, round: (current?.round ?? 0) + 1 }))) }], []);
  const master = useLoaded(masterSwitchOn, null);
  return (
    <>
      <ResourceScreen id="plugEndpoints" parts={parts} />
      {master.data === false ? (
        <p role="note" className="push-master-off">
          {t('endpoints.masterOff')}
        </p>
      ) : null}
      <DeliveryLog endpoint={opened?.endpoint ?? null} round={opened?.round ?? 0} />
    </>
  );
}
