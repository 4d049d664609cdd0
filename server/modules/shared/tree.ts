// Trees of rows linked by parentId (menu modules, departments): building, filtering by keyword, walking down.
export interface TreeRow {
  id: number;
  parentId: number;
  sort: number;
}

export type TreeNode<R> = R & { children: TreeNode<R>[] };

/**
 * The rows kept by `keep` as a forest sorted by `sort` then id. A kept row whose parent exists but is not kept
 * is left out with its subtree (a hidden group hides its children); a row whose parent does not exist is a root.
 */
export function buildForest<R extends TreeRow>(rows: R[], keep: (row: R) => boolean = () => true): TreeNode<R>[] {
  const allIds = new Set(rows.map((r) => r.id));
  const nodes = new Map<number, TreeNode<R>>();
  for (const row of rows) if (keep(row)) nodes.set(row.id, { ...row, children: [] });
  const roots: TreeNode<R>[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === 0 || !allIds.has(node.parentId)) roots.push(node);
  }
  const sortLevel = (list: TreeNode<R>[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const n of list) sortLevel(n.children);
  };
  sortLevel(roots);
  return roots;
}

/** Ids of the matching rows and all their ancestors, so a filtered tree still shows where a match sits. */
export function withAncestors<R extends { id: number; parentId: number }>(rows: R[], matches: (row: R) => boolean): Set<number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kept = new Set<number>();
  for (const row of rows) {
    if (!matches(row)) continue;
    for (let cur: R | undefined = row; cur && !kept.has(cur.id); cur = byId.get(cur.parentId)) kept.add(cur.id);
  }
  return kept;
}

/** Ids of a row and all its descendants (the row first). */
export function descendantIds(rows: { id: number; parentId: number }[], id: number): number[] {
  const out = [id];
  const seen = new Set(out);
  for (let i = 0; i < out.length; i++) {
    for (const r of rows) {
      if (r.parentId === out[i] && !seen.has(r.id)) {
        seen.add(r.id);
        out.push(r.id);
      }
    }
  }
  return out;
}

/** Case-insensitive substring test used by the tree keyword filters. */
export function containsText(keyword: string, ...values: (string | null | undefined)[]): boolean {
  const needle = keyword.toLowerCase();
  return values.some((v) => v?.toLowerCase().includes(needle));
}
