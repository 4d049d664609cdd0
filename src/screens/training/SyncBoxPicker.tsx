// The edge boxes a version can be synced to: one checkbox per box with its online state (an offline box takes the
// version when it is back), whether it is simulated, and the version's current sync on it.
import { useTranslation } from 'react-i18next';
import type { TrainVersionSync, TrainVersionSyncBox } from './versionSyncApi.ts';

export const MAX_SYNC_BOXES = 50;

interface Props {
  boxes: TrainVersionSyncBox[];
  syncs: TrainVersionSync[];
  chosen: number[];
  onChange(chosen: number[]): void;
}

export function SyncBoxPicker({ boxes, syncs, chosen, onChange }: Props) {
  const { t } = useTranslation('training');
  if (boxes.length === 0) return <p className="train-problem">{t('sync.noBoxes')}</p>;
  const toggle = (id: number) => onChange(chosen.includes(id) ? chosen.filter((n) => n !== id) : [...chosen, id]);
  return (
    <fieldset className="train-sync-boxes">
      <legend>{t('sync.boxes')}</legend>
      <ul>
        {boxes.map((box) => {
          const state = box.online ? t('sync.online') : t('sync.offline');
          const current = syncs.find((s) => s.boxId === box.id);
          return (
            <li key={box.id}>
              <label>
                <input type="checkbox" checked={chosen.includes(box.id)} onChange={() => toggle(box.id)} aria-label={t('sync.pickBox', { name: box.name, state })} />{' '}
                {box.name} <span className={box.online ? 'train-ok' : 'train-muted'}>{state}</span>
                {box.simulated ? <span className="train-muted"> · {t('sync.simulated')}</span> : null}
                {current ? <span className="train-muted"> · {t('sync.current', { state: t(`sync.states.${current.status}`) })}</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
      <p role="status" className={chosen.length > MAX_SYNC_BOXES ? 'train-problem' : undefined}>
        {chosen.length > MAX_SYNC_BOXES ? t('sync.tooMany', { max: MAX_SYNC_BOXES }) : t('sync.chosen', { count: chosen.length, max: MAX_SYNC_BOXES })}
      </p>
    </fieldset>
  );
}
