// The similarity an image-search hit must reach when the query does not set one (server default, and the value the
// retrieval screen shows until the user changes it). Measured, not guessed: `node scripts/measure-retrieval-threshold.ts`
// indexes 200 real objects of the photos in @vladmandic/human/assets as alarms (tests/support/retrievalObjects.ts:
// people, 108 faces, 32 thumbnails, lamps…; each alarm's own box and the detector's objects on its snapshot) and
// searches each with an altered copy of it, scored as a search scores (best object pair; objectVectors.ts: the
// extractor's vector and a 16×16 thumbnail, half each). Measured 2026-12-06; same object / different objects:
//   light (5 % shift, 75 % size, JPEG 70): own alarm first 186/200; same min 0.698 p05 0.778 p50 0.881;
//                                            different p50 0.599 p95 0.772 p99 0.840 max 0.934
//   resize 50 %: first 200/200, same min 0.974;  JPEG q40: first 200/200, same min 0.987;
//   shift 10 %: first 62/200, same p50 0.759 (the thumbnail half does not forgive a larger shift)
// The default is the highest threshold every lightly altered copy reaches: 0.697 — it also lets through 17.5 % of
// other objects (about 35 of 200 alarms per search, ranked below); the former 0.9988 found 2 % of altered copies.
// The extractor's vector alone separated worse (own first 129/200 for light copies, other objects p99 0.992).
export const DEFAULT_SIMILARITY = 0.697;
