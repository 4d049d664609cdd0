// An alarm's snapshot as an object URL: loaded through the client (the image needs the token header), revoked
// when the component unmounts or shows another alarm.
import { useEffect, useState } from 'react';
import { alarmImage } from './alarmsApi.ts';

export type AlarmImage = { status: 'loading'; url: null } | { status: 'ready'; url: string } | { status: 'error'; url: null; message: string };

const LOADING: AlarmImage = { status: 'loading', url: null };

export function useAlarmImage(id: number, attempt = 0): AlarmImage {
  const [image, setImage] = useState<AlarmImage>(LOADING);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setImage(LOADING);
    // `attempt` changes to load again (Retry).
    void attempt;
    alarmImage(id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setImage({ status: 'ready', url });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setImage({ status: 'error', url: null, message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, attempt]);
  return image;
}
