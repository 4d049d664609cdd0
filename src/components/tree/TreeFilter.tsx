// A tree beside a list that narrows it (the users screen's departments): pick a node to filter, "All" to clear.
// It has the list kit's states: loading, empty, error with Retry.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Loader from 'rsuite/Loader';
import Tree from 'rsuite/Tree';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import 'rsuite/Tree/styles/index.css';
import type { PickerNode } from './treeUtils.ts';
import './treeFilter.css';

const TREE_HEIGHT = 420;

export interface TreeFilterProps {
  title: string;
  allLabel: string;
  data: PickerNode[];
  value: number | null;
  onChange(value: number | null): void;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  onRetry(): void;
}

export function TreeFilter({ title, allLabel, data, value, onChange, status, error, onRetry }: TreeFilterProps) {
  const { t } = useTranslation('common');
  return (
    <nav className="tree-filter" aria-label={title}>
      <h2>{title}</h2>
      <Button size="sm" appearance={value === null ? 'primary' : 'subtle'} block onClick={() => onChange(null)} aria-pressed={value === null}>
        {allLabel}
      </Button>
      {/* The body keeps the tree's height in every state, so the list beside (or, on a phone, below) it does not
          move when the tree arrives. */}
      <div className="tree-filter-body" style={{ height: TREE_HEIGHT }}>
        {status === 'loading' ? <Loader content={t('status.loading')} /> : null}
        {status === 'error' ? (
          <div role="alert" className="tree-filter-state">
            <span>{t('table.loadFailed', { reason: error ?? '' })}</span>
            <Button size="xs" onClick={onRetry}>
              {t('table.retry')}
            </Button>
          </div>
        ) : null}
        {status === 'ready' && data.length === 0 ? <p className="tree-filter-state">{t('table.empty')}</p> : null}
        {data.length > 0 ? (
          <Tree
            data={data}
            value={value}
            defaultExpandAll
            searchable={false}
            height={TREE_HEIGHT}
            onSelect={(node) => onChange(typeof node.value === 'number' ? node.value : null)}
          />
        ) : null}
      </div>
    </nav>
  );
}
