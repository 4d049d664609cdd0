// Builds the menu tree the console shows from module rows.
import type { Kysely, Selectable } from 'kysely';
import type { Database, ModuleTable } from '../../db/types.ts';

export interface MenuModuleNode {
  id: number;
  parentId: number;
  moduleName: string;
  moduleNameEn: string;
  moduleIcon: string | null;
  moduleNumber: string;
  moduleDescription: string | null;
  moduleType: 'menu' | 'button';
  sort: number;
  visible: boolean;
  children: MenuModuleNode[];
}

export async function allModules(db: Kysely<Database>): Promise<Selectable<ModuleTable>[]> {
  return db.selectFrom('modules').selectAll().orderBy('parentId').orderBy('sort').orderBy('id').execute();
}

export function buildTree(rows: Selectable<ModuleTable>[], keep: (row: Selectable<ModuleTable>) => boolean = () => true) {
  const nodes = new Map<number, MenuModuleNode>();
  for (const row of rows) if (keep(row)) nodes.set(row.id, { ...row, children: [] });
  const roots: MenuModuleNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === 0 || !rows.some((r) => r.id === node.parentId)) roots.push(node);
  }
  const sort = (list: MenuModuleNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Ids of a module and all its descendants. */
export function descendantIds(rows: { id: number; parentId: number }[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentId === out[i]) out.push(r.id);
  return out;
}
