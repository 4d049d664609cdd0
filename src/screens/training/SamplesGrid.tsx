// Classify: the samples as thumbnails. Click selects one, Shift+click a range, Ctrl/⌘+click adds one; "select all"
// takes the shown filter. Move the selection to a class (buttons, or the keys P, N, U), or delete it (Delete key,
// after a confirmation).
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { useConfirm } from '../../components/table/ConfirmDialog.tsx';
import type { SampleCounts, SampleLabel } from '../../domain/trainingRules.ts';
import type { TrainingEvent } from '../../machines/training.machine.ts';
import { listSamples } from './trainingApi.ts';
import { StepAction } from './StepAction.tsx';
import './wizard.css';
import './thumbGrid.css';

interface Props {
  algorithmId: number;
  counts: SampleCounts;
  busy: boolean;
  send: (event: TrainingEvent) => void;
  /** The health check's "show the unclassified ones" opens the grid filtered. */
  initialFilter?: SampleLabel | null;
  nextLabel?: boolean;
}

const FILTERS: (SampleLabel | null)[] = [null, 'unclassified', 'positive', 'negative'];
const KEYS: Record<string, SampleLabel> = { p: 'positive', n: 'negative', u: 'unclassified' };

export function SamplesGrid({ algorithmId, counts, busy, send, initialFilter = null, nextLabel = true }: Props) {
  const { t } = useTranslation('training');
  const [filter, setFilter] = useState<SampleLabel | null>(initialFilter);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const page = useLoaded((signal) => listSamples(algorithmId, filter, signal), null, `${filter}:${JSON.stringify(counts)}`);
  const samples = page.data?.list ?? [];
  const ids = samples.map((s) => s.id);
  // The keyboard's place in the grid (aria-activedescendant): arrows move it, Space selects it, Shift extends.
  const [activeAt, setActiveAt] = useState(0);
  const active = Math.min(activeAt, Math.max(0, ids.length - 1));
  const gridRef = useRef<HTMLDivElement>(null);
  const columns = () => {
    const items = [...(gridRef.current?.children ?? [])] as HTMLElement[];
    const top = items[0]?.offsetTop ?? 0;
    return Math.max(1, items.filter((item) => item.offsetTop === top).length);
  };
  const chosen = ids.filter((id) => selected.has(id));

  const click = (id: number, shift: boolean, add: boolean) => {
    if (shift && anchor !== null && ids.includes(anchor)) {
      const [a, b] = [ids.indexOf(anchor), ids.indexOf(id)].sort((x, y) => x - y);
      setSelected(new Set([...selected, ...ids.slice(a, b + 1)]));
    } else if (add) {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setSelected(next);
      setAnchor(id);
    } else {
      setSelected(new Set([id]));
      setAnchor(id);
    }
  };
  const move = (label: SampleLabel) => {
    if (chosen.length === 0 || busy) return;
    send({ type: 'CLASSIFY', ids: chosen, label });
    setSelected(new Set());
  };
  const remove = () => {
    if (chosen.length === 0 || busy) return;
    confirm({
      title: t('classify.deleteTitle'),
      message: t('classify.deleteMessage', { count: chosen.length }),
      confirmLabel: t('classify.delete'),
      action: async () => {
        send({ type: 'DELETE', ids: chosen });
        setSelected(new Set());
      },
    });
  };
  const stepOf = (key: string): number | null => {
    switch (key) {
      case 'ArrowRight':
        return 1;
      case 'ArrowLeft':
        return -1;
      case 'ArrowDown':
        return columns();
      case 'ArrowUp':
        return -columns();
      case 'Home':
        return -ids.length;
      case 'End':
        return ids.length;
      default:
        return null;
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.key.toLowerCase();
    const step = stepOf(event.key);
    if (step !== null && ids.length > 0) {
      event.preventDefault();
      const next = Math.min(ids.length - 1, Math.max(0, active + step));
      setActiveAt(next);
      gridRef.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
      if (event.shiftKey) click(ids[next]!, anchor !== null, false);
    } else if ((event.key === ' ' || event.key === 'Enter') && ids.length > 0) {
      event.preventDefault();
      click(ids[active]!, false, true);
    } else if ((event.ctrlKey || event.metaKey) && key === 'a') {
      event.preventDefault();
      setSelected(new Set(ids));
    } else if (KEYS[key] && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      move(KEYS[key]);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove();
    } else if (event.key === 'Escape') setSelected(new Set());
  };

  return (
    <div className="train-classify">
      <p>{t('classify.help')}</p>
      <fieldset className="train-filters">
        <legend>{t('classify.filter')}</legend>
        {FILTERS.map((f) => (
          <Button key={String(f)} size="sm" appearance={f === filter ? 'primary' : 'default'} aria-pressed={f === filter} onClick={() => setFilter(f)}>
            {t(`classify.filters.${f ?? 'all'}`)}
          </Button>
        ))}
      </fieldset>
      <div className="train-actions" role="toolbar" aria-label={t('classify.actions')}>
        <Button size="sm" onClick={() => setSelected(new Set(ids))} disabled={ids.length === 0}>
          {t('classify.selectAll')}
        </Button>
        <Button size="sm" onClick={() => setSelected(new Set())} disabled={chosen.length === 0}>
          {t('classify.clear')}
        </Button>
        <Button size="sm" onClick={() => move('positive')} disabled={chosen.length === 0 || busy}>
          {t('classify.toPositive')}
        </Button>
        <Button size="sm" onClick={() => move('negative')} disabled={chosen.length === 0 || busy}>
          {t('classify.toNegative')}
        </Button>
        <Button size="sm" onClick={() => move('unclassified')} disabled={chosen.length === 0 || busy}>
          {t('classify.toUnclassified')}
        </Button>
        <Button size="sm" color="red" appearance="ghost" onClick={remove} disabled={chosen.length === 0 || busy}>
          {t('classify.delete')}
        </Button>
        <span aria-live="polite">{t('classify.selected', { count: chosen.length })}</span>
      </div>
      {page.status === 'loading' && !page.data ? <p role="status">{t('loading')}</p> : null}
      {page.status === 'error' ? (
        <p role="alert" className="train-problem">
          {t('loadFailed', { error: page.error })}{' '}
          <Button appearance="link" onClick={page.reload}>
            {t('retry')}
          </Button>
        </p>
      ) : null}
      {page.status === 'ready' && samples.length === 0 ? <p>{t('classify.empty')}</p> : null}
      {samples.length > 0 ? (
        <div
          ref={gridRef}
          className="train-grid"
          role="listbox"
          aria-multiselectable="true"
          aria-label={t('classify.grid')}
          aria-activedescendant={ids[active] !== undefined ? `train-sample-${ids[active]}` : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          {samples.map((sample, index) => (
            <div
              key={sample.id}
              id={`train-sample-${sample.id}`}
              role="option"
              aria-selected={selected.has(sample.id)}
              tabIndex={-1}
              className={`train-thumb is-${sample.label}${index === active ? ' is-active' : ''}`}
              onClick={(event) => {
                setActiveAt(index);
                click(sample.id, event.shiftKey, event.ctrlKey || event.metaKey);
              }}
              onKeyDown={() => undefined}
            >
              <img src={sample.thumbUrl} alt={sample.fileName} loading="lazy" width={96} height={96} />
              <span className="train-thumb-label">{t(`labels.${sample.label}`)}</span>
            </div>
          ))}
        </div>
      ) : null}
      {nextLabel ? (
        <StepAction>
          <Button appearance="primary" onClick={() => send({ type: 'NEXT' })} disabled={busy || counts.total === 0}>
            {t('classify.toHealth')}
          </Button>
        </StepAction>
      ) : null}
      {dialog}
    </div>
  );
}
