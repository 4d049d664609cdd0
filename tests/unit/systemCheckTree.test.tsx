// The role-module check tree: what each node shows for a set of held ids, what a click holds or drops, and the
// component's native checkboxes (mixed state for half-checked parents).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckTree } from '../../src/components/tree/CheckTree.tsx';
import { checkState, clickNode, toggleNode } from '../../src/components/tree/checkTreeState.ts';
import { ancestorIds, descendantIds, findNode, flatten, toPickerData } from '../../src/components/tree/treeUtils.ts';
import { NAMESPACES } from '../../src/i18n/languages.ts';
import { setupI18n } from '../../src/i18n/setup.ts';

interface Node {
  id: number;
  name: string;
  children: Node[];
}

const node = (id: number, name: string, children: Node[] = []): Node => ({ id, name, children });
// system(1) → users(2) → [add(3), delete(4)]; system(1) → roles(5); home(6)
const tree: Node[] = [node(1, 'system', [node(2, 'users', [node(3, 'add'), node(4, 'delete')]), node(5, 'roles')]), node(6, 'home')];
const held = (...ids: number[]) => new Set(ids);
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

beforeAll(async () => {
  await setupI18n('en', NAMESPACES);
});
afterEach(cleanup);

describe('tree helpers', () => {
  it('finds nodes, their subtrees and the path to them', () => {
    expect(findNode(tree, 4)?.name).toBe('delete');
    expect(descendantIds(tree[0])).toEqual([2, 3, 4, 5]);
    expect(ancestorIds(tree, 4)).toEqual([1, 2]);
    expect(ancestorIds(tree, 6)).toEqual([]);
    expect(ancestorIds(tree, 99)).toEqual([]);
    expect(flatten(tree).map((n) => n.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('builds picker data without a node and its subtree (a parent cannot move under itself)', () => {
    expect(toPickerData(tree, (n) => n.name, 2)).toEqual([
      { label: 'system', value: 1, children: [{ label: 'roles', value: 5 }] },
      { label: 'home', value: 6 },
    ]);
  });
});

describe('check states', () => {
  it('checked when a node and all below are held, half when part is, unchecked when none is', () => {
    expect(checkState(tree[0], held(1, 2, 3, 4, 5))).toBe('checked');
    expect(checkState(tree[0], held(1, 2, 3))).toBe('indeterminate');
    expect(checkState(tree[0], held(3))).toBe('indeterminate'); // a held child under an unheld parent
    expect(checkState(tree[0], held(6))).toBe('unchecked');
    // A menu held without its buttons (a button added after the role was saved) stays visible as half-checked.
    expect(checkState(findNode(tree, 2)!, held(2))).toBe('indeterminate');
    expect(checkState(findNode(tree, 3)!, held(3))).toBe('checked');
  });

  it('checking holds the node, its subtree and the path to it', () => {
    expect(sorted(toggleNode(tree, held(), 2, true))).toEqual([1, 2, 3, 4]);
    expect(sorted(toggleNode(tree, held(), 5, true))).toEqual([1, 5]);
  });

  it('unchecking drops the subtree and ancestors left with nothing below', () => {
    expect(sorted(toggleNode(tree, held(1, 2, 3, 4, 5), 2, false))).toEqual([1, 5]);
    expect(sorted(toggleNode(tree, held(1, 5), 5, false))).toEqual([]);
    expect(sorted(toggleNode(tree, held(1, 2, 3, 6), 3, false))).toEqual([6]);
  });

  it('a click fills a half-checked node and clears a checked one', () => {
    expect(sorted(clickNode(tree, held(1, 2, 3), 2))).toEqual([1, 2, 3, 4]);
    expect(sorted(clickNode(tree, held(1, 2, 3, 4), 2))).toEqual([]);
  });
});

function Harness({ initial }: { initial: number[] }) {
  const [value, setValue] = useState(new Set(initial));
  return (
    <>
      <CheckTree nodes={tree} held={value} onChange={setValue} label={(n) => n.name} ariaLabel="Modules" />
      <output>{sorted(value).join(',')}</output>
    </>
  );
}

describe('CheckTree component', () => {
  it('shows mixed parents and changes the held set by clicks, keyboard-reachable native checkboxes', () => {
    render(<Harness initial={[1, 2, 3]} />);
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box('system').indeterminate).toBe(true);
    expect(box('system').getAttribute('aria-checked')).toBe('mixed');
    expect(box('users').indeterminate).toBe(true);
    expect(box('add').checked).toBe(true);
    expect(box('home').checked).toBe(false);

    fireEvent.click(box('users'));
    expect(screen.getByRole('status').textContent).toBe('1,2,3,4');
    expect(box('users').checked).toBe(true);
    fireEvent.click(box('roles'));
    expect(box('system').checked).toBe(true);
    expect(box('system').indeterminate).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Collapse users' }));
    expect(screen.queryByRole('checkbox', { name: 'add' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('checkbox', { name: 'add' })).toBeTruthy();
  });
});
