// The offline-video screens share this: the uploaded videos (list, upload, start/stop, delete) and, per video, the
// event settings drawn on a frame taken in the browser from the video.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { DevicesScreen } from './DevicesScreen.tsx';
import { UploadVideoDialog } from './UploadVideoDialog.tsx';

export function OfflineVideosScreen({ permission, title }: { permission: string; title: string }) {
  const { t } = useTranslation('devices');
  const [uploading, setUploading] = useState(false);
  return (
    <DevicesScreen
      kind="offline"
      permission={permission}
      title={title}
      extra={(reload) => ({
        actions: [{ key: 'upload', label: t('offline.upload'), primary: true, onClick: () => setUploading(true) }],
        element: (
          <UploadVideoDialog
            open={uploading}
            onClose={() => setUploading(false)}
            onUploaded={(device) => {
              setUploading(false);
              notify('success', t('offline.uploaded', { name: device.name }));
              reload();
            }}
          />
        ),
      })}
    />
  );
}
