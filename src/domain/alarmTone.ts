// Alarm tones as mono 16-bit PCM WAV bytes, synthesised (no recording, nothing to license). The shipped file
// public/audio/alarm.wav is alarmToneWav() written by scripts/gen-alarm-sound.ts; the console's fallback beep
// (when the configured sound is missing) is beepWav() in src/screens/alarms/alarmAudio.ts. Pure.

/** One tone: frequency in Hz (0 = silence) and length in milliseconds. */
export interface ToneStep {
  frequency: number;
  ms: number;
}

/** The shipped alarm: two falling two-tone calls, about 0.9 s. */
export const ALARM_STEPS: readonly ToneStep[] = [
  { frequency: 988, ms: 170 },
  { frequency: 740, ms: 170 },
  { frequency: 0, ms: 90 },
  { frequency: 988, ms: 170 },
  { frequency: 740, ms: 250 },
];
export const ALARM_SAMPLE_RATE = 22_050;

/** Samples in [-1, 1] of the steps, each with short fades so no step clicks; a few harmonics make it carry. */
export function toneSamples(steps: readonly ToneStep[], sampleRate: number, volume = 0.6): Float64Array {
  const counts = steps.map((s) => Math.round((sampleRate * s.ms) / 1000));
  const out = new Float64Array(counts.reduce((a, b) => a + b, 0));
  let offset = 0;
  steps.forEach((step, index) => {
    const n = counts[index];
    const fade = Math.min(n / 4, sampleRate / 125); // 8 ms
    for (let i = 0; step.frequency > 0 && i < n; i += 1) {
      const envelope = Math.min(1, i / fade, (n - i) / fade);
      const phase = (2 * Math.PI * step.frequency * i) / sampleRate;
      out[offset + i] = (0.75 * Math.sin(phase) + 0.18 * Math.sin(2 * phase) + 0.07 * Math.sin(3 * phase)) * envelope * volume;
    }
    offset += n;
  });
  return out;
}

/** A RIFF/WAVE file: mono, 16-bit PCM, little endian. */
export function encodeWav(samples: ArrayLike<number>, sampleRate: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i += 1) {
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), true);
  }
  return bytes;
}

/** The shipped alarm sound (public/audio/alarm.wav). */
export function alarmToneWav(): Uint8Array<ArrayBuffer> {
  return encodeWav(toneSamples(ALARM_STEPS, ALARM_SAMPLE_RATE), ALARM_SAMPLE_RATE);
}
