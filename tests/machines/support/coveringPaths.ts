// The paths a model-based test of a machine walks: one to each reachable state of the user's model, then from
// each such state one per event the state accepts — so every state and every transition of the model is taken —
// plus any longer journeys a test names, each path once.
import type { AnyStateMachine } from 'xstate';
import type { createTestModel } from 'xstate/graph';

type TestModel = ReturnType<typeof createTestModel>;
type TestPath = ReturnType<TestModel['getShortestPaths']>[number];

export function coveringPaths(model: TestModel, userModel: AnyStateMachine, journeys: string[][] = []): TestPath[] {
  const toStates = model.getShortestPaths();
  const paths = [...toStates];
  for (const path of toStates) {
    const events = path.steps.map((step) => step.event).filter((event) => !event.type.startsWith('xstate.'));
    for (const type of Object.keys(userModel.getStateNodeById(`${userModel.id}.${String(path.state.value)}`).on)) {
      paths.push(...model.getPathsFromEvents([...events, { type }] as never));
    }
  }
  for (const journey of journeys) paths.push(...model.getPathsFromEvents(journey.map((type) => ({ type })) as never));
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = path.steps.map((step) => step.event.type).join(' → ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
