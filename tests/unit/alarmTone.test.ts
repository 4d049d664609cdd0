// The shipped alarm sound is the synthesised one: public/audio/alarm.wav is what scripts/gen-alarm-sound.ts writes
// (a recording would need a licence; this needs none), and it is a WAV a browser plays.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALARM_SAMPLE_RATE, ALARM_STEPS, alarmToneWav, encodeWav, toneSamples } from '../../src/domain/alarmTone.ts';

const shipped = new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', 'public', 'audio', 'alarm.wav')));

describe('the alarm sound', () => {
  it('is a mono 16-bit PCM WAV of the alarm steps, about 0.85 s', () => {
    const view = new DataView(shipped.buffer, shipped.byteOffset, shipped.byteLength);
    const text = (from: number, to: number) => String.fromCharCode(...shipped.slice(from, to));
    expect(text(0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(shipped.length - 8);
    expect(text(8, 16)).toBe('WAVEfmt ');
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true), view.getUint16(34, true)]).toEqual([1, 1, ALARM_SAMPLE_RATE, 16]);
    expect(text(36, 40)).toBe('data');
    const seconds = view.getUint32(40, true) / 2 / ALARM_SAMPLE_RATE;
    expect(seconds).toBeCloseTo(ALARM_STEPS.reduce((sum, s) => sum + s.ms, 0) / 1000, 2);
    // Loud enough to hear, never clipped.
    let peak = 0;
    for (let i = 44; i < shipped.length; i += 2) peak = Math.max(peak, Math.abs(view.getInt16(i, true)));
    expect(peak).toBeGreaterThan(12_000);
    expect(peak).toBeLessThan(32_767);
  });

  it('is what the generator writes (sample for sample: a last-bit difference of sin between engines is allowed)', () => {
    const generated = alarmToneWav();
    expect(generated.length).toBe(shipped.length);
    expect([...generated.slice(0, 44)]).toEqual([...shipped.slice(0, 44)]);
    const a = new DataView(generated.buffer);
    const b = new DataView(shipped.buffer, shipped.byteOffset, shipped.byteLength);
    let worst = 0;
    for (let i = 44; i < generated.length; i += 2) worst = Math.max(worst, Math.abs(a.getInt16(i, true) - b.getInt16(i, true)));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('starts and ends each tone at silence (fades: no click) and keeps silent steps silent', () => {
    const samples = toneSamples([{ frequency: 1000, ms: 50 }, { frequency: 0, ms: 10 }], 8000);
    expect(samples).toHaveLength(480);
    expect(Math.abs(samples[0])).toBe(0);
    expect(Math.abs(samples[399])).toBeLessThan(0.02);
    expect(samples.slice(400).every((v) => v === 0)).toBe(true);
    expect(encodeWav([2, -2], 8000).slice(44)).toEqual(new Uint8Array([0xff, 0x7f, 0x01, 0x80]));
  });
});
