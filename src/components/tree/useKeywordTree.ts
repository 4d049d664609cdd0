// The data of a tree screen filtered by a keyword (departments, menus). The keyword lives in the URL like every
// list filter, and the server keeps the matches and their ancestors; while it filters, the whole tree is loaded
// too, for the form's parent picker.
import { useSearchParams } from 'react-router';
import { type Loaded, useLoaded } from '../data/useLoaded.ts';
import { type FilterDraft, useFilterDraft } from '../table/FilterBar.tsx';

export interface KeywordTree<T> {
  keyword: string;
  draft: FilterDraft<'keyword'>;
  /** The tree the table shows (the matches while a keyword filters). */
  shown: Loaded<T[]>;
  /** Every node, for the parent picker. */
  whole: Loaded<T[]>;
  /** Loads both again (after a write). */
  reload(): void;
}

export function useKeywordTree<T>(load: (keyword: string, signal: AbortSignal) => Promise<T[]>): KeywordTree<T> {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const draft = useFilterDraft({ keyword }, (next) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next.keyword?.trim()) updated.set('keyword', next.keyword.trim());
      else updated.delete('keyword');
      return updated;
    }),
  );
  const shown = useLoaded((signal) => load(keyword, signal), [] as T[], keyword);
  const all = useLoaded(async (signal) => (keyword ? load('', signal) : []), [] as T[], keyword);
  return {
    keyword,
    draft,
    shown,
    whole: keyword ? all : shown,
    reload: () => {
      shown.reload();
      all.reload();
    },
  };
}
