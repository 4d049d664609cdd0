// The urgent list of spec §4 / §9: pure unit cases, and a model-based property test (fast-check commands against
// a plain model of the rules) over random sequences of add / remove / clear.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addUrgent, addUrgentMany, clearUrgent, removeUrgent, URGENT_LIST_CAP, updateUrgent } from '../../src/machines/urgentList.ts';

const ev = (id: number, tag = '') => ({ id, tag });

describe('urgent list rules', () => {
  it('adds a new event at the front', () => {
    expect(addUrgent([ev(1), ev(2)], ev(3))).toEqual([ev(3), ev(1), ev(2)]);
  });

  it('does not add an event whose id is already there (the list stays the same object)', () => {
    const list = [ev(1), ev(2)];
    expect(addUrgent(list, ev(2, 'again'))).toBe(list);
  });

  it(`keeps at most ${URGENT_LIST_CAP}, dropping the oldest`, () => {
    let list: ReturnType<typeof addUrgent<{ id: number; tag: string }>> = [];
    for (let id = 1; id <= URGENT_LIST_CAP + 5; id += 1) list = addUrgent(list, ev(id));
    expect(list).toHaveLength(URGENT_LIST_CAP);
    expect(list[0].id).toBe(URGENT_LIST_CAP + 5);
    expect(list.at(-1)?.id).toBe(6);
  });

  it('adds a burst oldest first, so the newest is in front', () => {
    expect(addUrgentMany([ev(1)], [ev(2), ev(3), ev(1)]).map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('removes by id and clears', () => {
    const list = [ev(1), ev(2), ev(3)];
    expect(removeUrgent(list, 2)).toEqual([ev(1), ev(3)]);
    expect(removeUrgent(list, 9)).toBe(list);
    expect(clearUrgent(list)).toEqual([]);
    const empty: typeof list = [];
    expect(clearUrgent(empty)).toBe(empty);
  });

  it('updates an event in place', () => {
    expect(updateUrgent([ev(1), ev(2)], 2, (e) => ({ ...e, tag: 'handled' }))).toEqual([ev(1), ev(2, 'handled')]);
    const list = [ev(1)];
    expect(updateUrgent(list, 5, (e) => e)).toBe(list);
  });
});

// ---- model-based: the real list against a model that states the rules plainly ----

interface Real {
  list: readonly { id: number; tag: string }[];
}
interface Model {
  /** Ids, newest first. */
  ids: number[];
}

class AddCommand implements fc.Command<Model, Real> {
  readonly id: number;
  constructor(id: number) {
    this.id = id;
  }
  check = () => true;
  run(model: Model, real: Real) {
    real.list = addUrgent(real.list, ev(this.id));
    if (!model.ids.includes(this.id)) model.ids = [this.id, ...model.ids].slice(0, URGENT_LIST_CAP);
    expect(real.list.map((e) => e.id)).toEqual(model.ids);
  }
  toString = () => `add(${this.id})`;
}

class RemoveCommand implements fc.Command<Model, Real> {
  readonly id: number;
  constructor(id: number) {
    this.id = id;
  }
  check = () => true;
  run(model: Model, real: Real) {
    real.list = removeUrgent(real.list, this.id);
    model.ids = model.ids.filter((id) => id !== this.id);
    expect(real.list.map((e) => e.id)).toEqual(model.ids);
  }
  toString = () => `remove(${this.id})`;
}

class ClearCommand implements fc.Command<Model, Real> {
  check = () => true;
  run(model: Model, real: Real) {
    real.list = clearUrgent(real.list);
    model.ids = [];
    expect(real.list).toEqual([]);
  }
  toString = () => 'clear';
}

describe('urgent list (model-based, random command sequences)', () => {
  it('always holds unique ids, newest first, at most 50, exactly as the rules say', () => {
    // Ids from a range wider than the cap, so drops, repeats of dropped ids and removals all happen.
    const id = fc.integer({ min: 1, max: 80 });
    const commands = [
      id.map((n) => new AddCommand(n) as fc.Command<Model, Real>),
      id.map((n) => new AddCommand(n) as fc.Command<Model, Real>),
      id.map((n) => new AddCommand(n) as fc.Command<Model, Real>),
      id.map((n) => new RemoveCommand(n) as fc.Command<Model, Real>),
      fc.constant(new ClearCommand() as fc.Command<Model, Real>),
    ];
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 150, size: 'max' }), (sequence) => {
        fc.modelRun(() => ({ model: { ids: [] }, real: { list: [] } }), sequence);
      }),
      { numRuns: 150 },
    );
  });
});
