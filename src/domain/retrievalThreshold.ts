// The similarity an image-search hit must reach when the query does not set one (server default, and the value the
// retrieval screen shows until the user changes it). Measured, not guessed: `node scripts/measure-retrieval-threshold.ts`
// embeds the simulator's alarm snapshots (server/simulator/snapshot.ts: 39 subjects — vehicles of 4 violation
// types, hazards of 5 road events — each at 3 positions) and scores same-object pairs (one subject at another
// position, as its clip shows it) against different-object pairs, the way a search scores a candidate.
// Measured 2026-11-26 (MobileNetV2 block 10, 384-d), cosine of an object picture (its crop) to an alarm:
//   same object      n=234   min 0.9989  p05 0.9996  p50 0.9999
//   different object n=4446  p50 0.9820  p95 0.9970  max 0.9999
//   best balanced accuracy at 0.9988: recall 1.00, false-positive rate 1.5 %, precision 0.78;
//   the former default 0.7 let every pair through (false-positive rate 100 %).
// A whole-snapshot query does not separate on these scenes (same p05 0.9997, different p95 0.9998: they share one
// road), so this threshold is chosen for object pictures.
export const DEFAULT_SIMILARITY = 0.9988;
