// Issue 34 point 5: the MP4 reader answers an MP4's duration, size and frame rate, and refuses anything else with
// NotMp4Error — never another error (a truncated mvhd was a RangeError, and a 500 on the offline-video upload).
// Property tests over random bytes, every truncation of a real file's boxes, and random damage to them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { NotMp4Error, parseMoov, readMp4Info } from '../../server/media/mp4Info.ts';
import { box, ftypBox, leafContents, type Leaves, moovBox, mp4File, u32 } from './support/mp4Boxes.ts';

const dir = mkdtempSync(join(tmpdir(), 'argus-mp4-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** readMp4Info on the bytes written to a file. */
function readBytes(bytes: Uint8Array) {
  const path = join(dir, `f${files++}.mp4`);
  writeFileSync(path, bytes);
  try {
    return readMp4Info(path);
  } finally {
    rmSync(path, { force: true });
  }
}

/** The outcome, with any error other than NotMp4Error left to fail the property. */
function outcome(read: () => unknown): 'parsed' | 'refused' {
  try {
    read();
    return 'parsed';
  } catch (error) {
    if (error instanceof NotMp4Error) return 'refused';
    throw error;
  }
}

const SEED = 34_005;

describe('mp4Info', () => {
  it('reads a real layout: duration, size and frame rate', () => {
    expect(readBytes(mp4File({ seconds: 12, fps: 25, width: 1280, height: 720 }))).toEqual({ duration: 12, width: 1280, height: 720, fps: 25 });
  });

  it('refuses the truncated mvhd of the issue with NotMp4Error (it threw a RangeError)', () => {
    const moov = box('moov', box('mvhd', u32(0, 0)));
    const file = Buffer.concat([box('ftyp', Buffer.from('isom'), u32(512)), moov]);
    expect(() => readBytes(file)).toThrow(NotMp4Error);
    expect(() => parseMoov(box('mvhd', u32(0)))).toThrow(NotMp4Error);
  });

  it('answers or refuses every truncation of a real file, at every length', () => {
    const file = mp4File({ seconds: 3, fps: 10, width: 320, height: 240 });
    for (let length = 0; length <= file.length; length++) outcome(() => readBytes(file.subarray(0, length)));
  });

  it('answers or refuses every truncation of a moov box and of each box inside it', () => {
    const file = mp4File({ seconds: 3, fps: 10, width: 320, height: 240 });
    const moovAt = file.indexOf('moov') + 4;
    const moov = file.subarray(moovAt);
    for (let length = 0; length <= moov.length; length++) outcome(() => parseMoov(moov.subarray(0, length)));
    // A box inside claiming less than its content: shrink each header's size field in turn.
    for (let at = 0; at + 8 <= moov.length; at++) {
      const copy = Buffer.from(moov);
      for (const size of [0, 1, 7, 8, 9, 12, 16]) {
        copy.writeUInt32BE(size, at);
        outcome(() => parseMoov(copy));
      }
    }
  });

  it('answers or refuses a moov whose boxes are each cut short at any length (the truncated mvhd, generalised)', () => {
    const full = leafContents({ seconds: 5, fps: 25, width: 640, height: 360 });
    const names = Object.keys(full) as (keyof Leaves)[];
    const cuts = fc.record(Object.fromEntries(names.map((name) => [name, fc.nat({ max: full[name].length })])) as Record<keyof Leaves, fc.Arbitrary<number>>);
    fc.assert(
      fc.property(cuts, (cut) => {
        const leaves = Object.fromEntries(names.map((name) => [name, full[name].subarray(0, cut[name])])) as Leaves;
        const moov = moovBox(leaves);
        outcome(() => parseMoov(moov.subarray(8)));
        outcome(() => readBytes(Buffer.concat([ftypBox(), moov])));
      }),
      { seed: SEED, numRuns: 300 },
    );
    // Each leaf alone cut at every length, the others whole.
    for (const name of names) {
      for (let length = 0; length < full[name].length; length++) {
        const leaves = { ...full, [name]: full[name].subarray(0, length) };
        outcome(() => parseMoov(moovBox(leaves).subarray(8)));
      }
    }
  });

  it('never throws anything but NotMp4Error on random bytes, with and without an ftyp in front', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.boolean(), (bytes, withFtyp) => {
        const data = withFtyp ? Buffer.concat([box('ftyp', Buffer.from('isom')), Buffer.from(bytes)]) : Buffer.from(bytes);
        outcome(() => readBytes(data));
        outcome(() => parseMoov(Buffer.from(bytes)));
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('never throws anything but NotMp4Error on a real file with random bytes changed', () => {
    const file = mp4File({ seconds: 4, fps: 5, width: 640, height: 360 });
    const moovAt = file.indexOf('moov') - 4;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: file.length - moovAt - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), (changes) => {
        const copy = Buffer.from(file);
        for (const [at, value] of changes) copy[moovAt + at] = value;
        outcome(() => readBytes(copy));
      }),
      { seed: SEED, numRuns: 400 },
    );
  });
});
