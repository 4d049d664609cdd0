// The score a detection must reach when nothing configured says otherwise — the edge runtime's rules when a
// configuration names no confidence, the validation slider's starting point, the orchestration validation and the
// large-model prediction call. Measured, not guessed: `node scripts/measure-detector-defaults.ts` scores NanoDet-g
// on the five real photos of @vladmandic/human@3.3.6/assets (MIT) against hand-drawn boxes
// (tests/support/realPhotoBoxes.json: 36 people, 6 held objects) and takes the threshold with the best F2 (recall
// weighted twice: a missed person is a missed alarm, while a false box must still pass tracking, the rule's area,
// dwell and size and the second identification before it alarms). Measured 2026-12-06 (whole table: docs/detector.md):
//   person 0.25: recall 0.94, precision 0.64, F2 0.86 — in the crowd photo alone 9 of 11 people, precision 0.82
//     (0.35, the best F1: recall 0.72, precision 0.90; 0.50: 0.42 / 1.00; the spec's 0.7: 1 of 36 people)
//   other classes: none of the 6 labelled objects (wine glasses, clutches, phones) is found as its class at any
//     score; false boxes of other classes reach 0.44 (a screenshot's frame as a "tv"), none at 0.45 or above — so
//     the general default is 0.45, the lowest threshold without a false box, until photos with those classes ship.
// The stored identifyObj.box_threshold keeps the spec's 0.7 as its default (spec §9); these are what the detector
// applies when no threshold was set.
import type { DetectorClass } from './recognitionPrompts.ts';

/** Classes measured on their own. */
export const MEASURED_CLASS_SCORES: Readonly<Partial<Record<DetectorClass, number>>> = { person: 0.25 };

/** Every other class (no photo in a registry package has enough of them to measure one by one). */
export const GENERAL_DEFAULT_SCORE = 0.45;

/** The default minimum score for one class. */
export function defaultScoreFor(label: string): number {
  return MEASURED_CLASS_SCORES[label as DetectorClass] ?? GENERAL_DEFAULT_SCORE;
}

/**
 * The default minimum score of a rule or a prompt list that looks for several classes: the lowest of theirs, so no
 * class is held to a stricter score than its own (one number per rule, as the edge rules carry it). No class: the
 * general default.
 */
export function defaultScoreForClasses(classes: readonly string[]): number {
  return classes.length === 0 ? GENERAL_DEFAULT_SCORE : Math.min(...classes.map(defaultScoreFor));
}
