// The toolbar of a tree screen (departments, menus): a keyword filter and an add button the permission guards.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Input from 'rsuite/Input';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Input/styles/index.css';
import { Can } from '../../app/permissions.tsx';
import { FilterBar, FilterField, type FilterDraft } from '../table/FilterBar.tsx';

export interface KeywordTreeToolbarProps {
  /** Prefix of the field's id, e.g. 'dept'. */
  idPrefix: string;
  draft: FilterDraft<'keyword'>;
  keywordLabel: string;
  perm: string;
  addLabel: string;
  onAdd(): void;
  /** Adding waits for what a new item's defaults come from (the tree, for the order after the last sibling). */
  addDisabled?: boolean;
}

export function KeywordTreeToolbar({ idPrefix, draft, keywordLabel, perm, addLabel, onAdd, addDisabled = false }: KeywordTreeToolbarProps) {
  const { t } = useTranslation('system');
  const id = `${idPrefix}-filter-keyword`;
  return (
    <>
      <FilterBar draft={draft} label={t('table.filters')}>
        <FilterField id={id} label={keywordLabel}>
          <Input id={id} value={draft.values.keyword} onChange={(value) => draft.set('keyword', value)} />
        </FilterField>
      </FilterBar>
      <div className="server-table-actions">
        <Can perm={perm}>
          <Button appearance="primary" onClick={onAdd} disabled={addDisabled}>
            {addLabel}
          </Button>
        </Can>
      </div>
    </>
  );
}
