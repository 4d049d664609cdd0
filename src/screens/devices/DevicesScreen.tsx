// A device area screen: the list of one kind of device, or — with ?camera=<id> in the URL — that camera's
// configuration (so Back returns to the list with its filters, and a link opens the camera directly).
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/permissions.tsx';
import { CameraConfigView } from './camera/CameraConfigView.tsx';
import { DeviceListView } from './DeviceListView.tsx';
import { useScreenTitle } from './shared/useScreenTitle.ts';
import type { DeviceKind } from './devicesApi.ts';

export interface DevicesScreenProps {
  kind: DeviceKind;
  permission: string;
  title: string;
  extraActions?: (reload: () => void) => ReactNode;
}

export function DevicesScreen({ kind, permission, title, extraActions }: DevicesScreenProps) {
  const [params, setParams] = useSearchParams();
  const canWrite = usePermission()(permission);
  const heading = useScreenTitle(title);
  const camera = Number(params.get('camera'));
  if (Number.isInteger(camera) && camera > 0) {
    return (
      <CameraConfigView
        cameraId={camera}
        canWrite={canWrite}
        onBack={() =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.delete('camera');
            next.delete('event');
            return next;
          })
        }
      />
    );
  }
  return <DeviceListView kind={kind} permission={permission} title={heading} extraActions={extraActions} />;
}
