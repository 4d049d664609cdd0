// The similarity an image-search hit must reach when the query does not set one (server default, and the value the
// retrieval screen shows until the user changes it). Measured, not guessed: `node scripts/measure-retrieval-threshold.ts`
// embeds the simulator's alarm snapshots (server/simulator/snapshot.ts) and scores same-object pairs (one subject
// at different positions, as a clip shows it) against different-object pairs, the way a search scores them.
export const DEFAULT_SIMILARITY = 0.7;
