// Builds the menu tree the console shows from module rows.
import type { Kysely, Selectable } from 'kysely';
import type { Database, ModuleTable } from '../../db/types.ts';
import { buildForest, type TreeNode } from '../shared/tree.ts';

export type ModuleRow = Selectable<ModuleTable>;

/** A module as the contract's MenuModule: icon and description are empty strings when not set. */
export interface MenuModuleFields {
  id: number;
  parentId: number;
  moduleName: string;
  moduleNameEn: string;
  moduleIcon: string;
  moduleNumber: string;
  moduleDescription: string;
  moduleType: 'menu' | 'button';
  sort: number;
  visible: boolean;
}

export type MenuModuleNode = TreeNode<MenuModuleFields>;

export async function allModules(db: Kysely<Database>): Promise<ModuleRow[]> {
  return db.selectFrom('modules').selectAll().orderBy('parentId').orderBy('sort').orderBy('id').execute();
}

function toFields(row: ModuleRow): MenuModuleFields {
  return {
    id: row.id,
    parentId: row.parentId,
    moduleName: row.moduleName,
    moduleNameEn: row.moduleNameEn,
    moduleIcon: row.moduleIcon ?? '',
    moduleNumber: row.moduleNumber,
    moduleDescription: row.moduleDescription ?? '',
    moduleType: row.moduleType,
    sort: row.sort,
    visible: row.visible,
  };
}

/** The kept modules as a tree sorted by `sort` then id (see buildForest for rows whose parent is not kept). */
export function buildTree(rows: ModuleRow[], keep: (row: ModuleRow) => boolean = () => true): MenuModuleNode[] {
  const kept = new Set(rows.filter(keep).map((r) => r.id));
  return buildForest(rows.map(toFields), (f) => kept.has(f.id));
}

export { descendantIds } from '../shared/tree.ts';
