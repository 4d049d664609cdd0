// Pure helpers over the contract's trees (departments, menu modules): nodes with an id and children.

export interface TreeNodeLike {
  id: number;
  children: readonly TreeNodeLike[];
}

/** The node with `id`, searching depth-first. */
export function findNode<N extends TreeNodeLike>(nodes: readonly N[], id: number): N | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children as readonly N[], id);
    if (found) return found;
  }
  return undefined;
}

/** Every node, parents before children. */
export function flatten<N extends TreeNodeLike>(nodes: readonly N[]): N[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children as readonly N[])]);
}

/** The ids below a node (not the node itself). */
export function descendantIds(node: TreeNodeLike): number[] {
  return node.children.flatMap((child) => [child.id, ...descendantIds(child)]);
}

/** The ids from the root down to the node's parent (empty for a top-level node or an unknown id). */
export function ancestorIds(nodes: readonly TreeNodeLike[], id: number): number[] {
  const search = (level: readonly TreeNodeLike[], path: number[]): number[] | null => {
    for (const node of level) {
      if (node.id === id) return path;
      const found = search(node.children, [...path, node.id]);
      if (found) return found;
    }
    return null;
  };
  return search(nodes, []) ?? [];
}

export interface PickerNode {
  label: string;
  value: number;
  children?: PickerNode[];
}

/**
 * The shape rsuite's tree pickers take. `exclude` drops a node and its subtree: a department cannot move under
 * itself or its descendants, so the parent picker never offers them.
 */
export function toPickerData<N extends TreeNodeLike>(nodes: readonly N[], label: (node: N) => string, exclude?: number): PickerNode[] {
  return nodes
    .filter((node) => node.id !== exclude)
    .map((node) => {
      const children = toPickerData(node.children as readonly N[], label, exclude);
      return children.length > 0 ? { label: label(node), value: node.id, children } : { label: label(node), value: node.id };
    });
}
