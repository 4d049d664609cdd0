// A device area screen: the list of one kind of device, or — with ?camera=<id> in the URL — that camera's
// configuration (so Back returns to the list with its filters, and a link opens the camera directly).
// The camera's view loads when a camera is opened: its panels (snapshot upload, time windows, sliders) and their
// styles are not the list's, and the list's page loads only what the list shows.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/permissions.tsx';
import { ScreenSkeleton } from '../../app/ScreenSkeleton.tsx';
import { type DeviceListExtra, DeviceListView } from './DeviceListView.tsx';
import { useScreenTitle } from './shared/useScreenTitle.ts';
import type { DeviceKind } from './devicesApi.ts';

const CameraConfigView = lazy(() => import('./camera/CameraConfigView.tsx').then((module) => ({ default: module.CameraConfigView })));

export interface DevicesScreenProps {
  kind: DeviceKind;
  permission: string;
  title: string;
  extra?: (reload: () => void) => DeviceListExtra;
}

export function DevicesScreen({ kind, permission, title, extra }: DevicesScreenProps) {
  const [params, setParams] = useSearchParams();
  const canWrite = usePermission()(permission);
  const heading = useScreenTitle(title);
  const camera = Number(params.get('camera'));
  if (Number.isInteger(camera) && camera > 0) {
    return (
      <Suspense fallback={<ScreenSkeleton />}>
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
      </Suspense>
    );
  }
  return <DeviceListView kind={kind} permission={permission} title={heading} extra={extra} />;
}
