// A checkable tree with half-checked parents (checkTreeState.ts has the rules), built on native checkboxes so
// Tab, Space and screen readers work as they do everywhere; branches fold with a toggle button.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CheckState, checkState, clickNode } from './checkTreeState.ts';
import type { TreeNodeLike } from './treeUtils.ts';
import './checkTree.css';

export interface CheckTreeProps<N extends TreeNodeLike> {
  nodes: readonly N[];
  held: ReadonlySet<number>;
  onChange(held: Set<number>): void;
  label(node: N): string;
  /** Extra text after the label (a module number, a type tag). */
  detail?: (node: N) => ReactNode;
  /** Names the tree for assistive technology. */
  ariaLabel: string;
  disabled?: boolean;
}

function TriStateBox({ state, id, disabled, onToggle }: { state: CheckState; id: string; disabled?: boolean; onToggle(): void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'indeterminate';
  }, [state]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      checked={state === 'checked'}
      aria-checked={state === 'indeterminate' ? 'mixed' : state === 'checked'}
      disabled={disabled}
      onChange={onToggle}
    />
  );
}

export function CheckTree<N extends TreeNodeLike>({ nodes, held, onChange, label, detail, ariaLabel, disabled }: CheckTreeProps<N>) {
  const { t } = useTranslation('system');
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const toggleFold = (id: number) =>
    setFolded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const branch = (level: readonly N[]): ReactNode => (
    <ul className="check-tree-level">
      {level.map((node) => {
        const children = node.children as readonly N[];
        const open = !folded.has(node.id);
        const boxId = `check-tree-${node.id}`;
        return (
          <li key={node.id}>
            <div className="check-tree-row">
              {children.length > 0 ? (
                <button
                  type="button"
                  className="check-tree-fold"
                  aria-expanded={open}
                  aria-label={t(open ? 'tree.collapse' : 'tree.expand', { name: label(node) })}
                  onClick={() => toggleFold(node.id)}
                >
                  {open ? '▾' : '▸'}
                </button>
              ) : (
                <span className="check-tree-fold" aria-hidden="true" />
              )}
              <TriStateBox
                id={boxId}
                state={checkState(node, held)}
                disabled={disabled}
                onToggle={() => onChange(clickNode(nodes, held, node.id))}
              />
              <label htmlFor={boxId}>{label(node)}</label>
              {detail?.(node) ? <span className="check-tree-detail">{detail(node)}</span> : null}
            </div>
            {children.length > 0 && open ? branch(children) : null}
          </li>
        );
      })}
    </ul>
  );

  return (
    <fieldset className="check-tree" aria-label={ariaLabel} disabled={disabled}>
      <div className="check-tree-tools">
        <button type="button" className="check-tree-link" onClick={() => setFolded(new Set())}>
          {t('tree.expandAll')}
        </button>
        <button
          type="button"
          className="check-tree-link"
          onClick={() => setFolded(new Set(nodes.filter((node) => node.children.length > 0).map((node) => node.id)))}
        >
          {t('tree.collapseAll')}
        </button>
      </div>
      {branch(nodes)}
    </fieldset>
  );
}
