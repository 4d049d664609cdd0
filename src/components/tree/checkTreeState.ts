// What a checkable tree shows and does, over the set of held ids (a role's modules). A parent shows checked
// when it and everything below it are held, half-checked when only part is, unchecked when none is.
// Checking a node holds it, its subtree and its ancestors (the path to it); unchecking drops it and its subtree,
// then every ancestor left with nothing held below it. A parent held without its children (a button added after
// the role was saved) shows half-checked and stays held until the user changes that branch: nothing is lost
// by opening and saving a role.
import { ancestorIds, descendantIds, findNode, type TreeNodeLike } from './treeUtils.ts';

export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

export function checkState(node: TreeNodeLike, held: ReadonlySet<number>): CheckState {
  const below = descendantIds(node);
  const self = held.has(node.id);
  if (below.length === 0) return self ? 'checked' : 'unchecked';
  const heldBelow = below.filter((id) => held.has(id)).length;
  if (self && heldBelow === below.length) return 'checked';
  if (!self && heldBelow === 0) return 'unchecked';
  return 'indeterminate';
}

export function toggleNode(tree: readonly TreeNodeLike[], held: ReadonlySet<number>, id: number, check: boolean): Set<number> {
  const node = findNode(tree, id);
  const next = new Set(held);
  if (!node) return next;
  const subtree = [id, ...descendantIds(node)];
  const ancestors = ancestorIds(tree, id);
  if (check) {
    for (const each of [...subtree, ...ancestors]) next.add(each);
    return next;
  }
  for (const each of subtree) next.delete(each);
  // Nearest ancestor first: dropping it may leave its own parent with nothing held below.
  for (const ancestorId of [...ancestors].reverse()) {
    const ancestor = findNode(tree, ancestorId);
    if (ancestor && !descendantIds(ancestor).some((each) => next.has(each))) next.delete(ancestorId);
  }
  return next;
}

/** A click on a node: a fully checked node is cleared; an unchecked or half-checked one is checked fully. */
export function clickNode(tree: readonly TreeNodeLike[], held: ReadonlySet<number>, id: number): Set<number> {
  const node = findNode(tree, id);
  if (!node) return new Set(held);
  return toggleNode(tree, held, id, checkState(node, held) !== 'checked');
}
