// A device's states as the user reads them (§4): start state 1 started / 2 not started, run state 0 not running,
// 1 running, 2 finished, 3 abnormal (with the reason).
import { useTranslation } from 'react-i18next';
import type { Device } from '../devicesApi.ts';

const RUN_CLASS = ['idle', 'running', 'finished', 'abnormal'] as const;

/** A list's state column: its two badges stack on a narrow frame, and it keeps the wider one's room. */
export const DEVICE_STATE_FLOOR = 110;

export function DeviceState({ device }: { device: Pick<Device, 'startState' | 'runState' | 'runMessage'> }) {
  const { t } = useTranslation('devices');
  return (
    <span className="device-state">
      <span className={device.startState === 1 ? 'device-badge started' : 'device-badge'}>{t(`startState.${device.startState}`)}</span>
      <span className={`device-badge run-${RUN_CLASS[device.runState]}`} title={device.runState === 3 ? (device.runMessage ?? undefined) : undefined}>
        {t(`runState.${device.runState}`)}
      </span>
    </span>
  );
}
