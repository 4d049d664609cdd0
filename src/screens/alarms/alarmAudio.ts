// The alarm sound: the system config's audioUrl (§4 bootstrap), or — when that file is missing or cannot be
// played — a short beep generated in the browser as a WAV. At most one sound per MIN_GAP_MS, however many
// alarms arrive (a burst is one alert, not a hundred).

import { encodeWav, toneSamples } from '../../domain/alarmTone.ts';

export const MIN_GAP_MS = 1500;

/** A short sine beep with fades (no click), as a mono 16-bit PCM WAV. */
export function beepWav(durationMs = 350, frequency = 880, sampleRate = 8000): Blob {
  const samples = toneSamples([{ frequency, ms: durationMs }], sampleRate, 0.5);
  return new Blob([encodeWav(samples, sampleRate)], { type: 'audio/wav' });
}

export interface AlarmSound {
  /** Plays unless a sound played less than MIN_GAP_MS ago. Never throws (autoplay refusals are silent). */
  play(): void;
  dispose(): void;
}

interface AudioLike {
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'error', listener: () => void): void;
}

export function createAlarmSound(
  url: string | null,
  makeAudio: (src: string) => AudioLike = (src) => new Audio(src),
  now: () => number = () => Date.now(),
): AlarmSound {
  let beepUrl: string | null = null;
  let audio: AudioLike | null = null;
  let usingBeep = !url;
  let last = -Infinity;

  const beep = () => {
    beepUrl ??= URL.createObjectURL(beepWav());
    return beepUrl;
  };
  const fallBack = () => {
    if (usingBeep) return;
    usingBeep = true;
    audio = null;
    start();
  };
  const start = () => {
    if (!audio) {
      audio = makeAudio(usingBeep ? beep() : (url as string));
      // A missing or unplayable file: the beep instead, from now on.
      audio.addEventListener('error', () => fallBack());
    }
    const current = audio;
    current.play().catch((error: unknown) => {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'NotSupportedError' && current === audio) fallBack();
      // NotAllowedError: the browser wants a click on the page first; the list and dialog still show the alarm.
    });
  };

  return {
    play() {
      if (now() - last < MIN_GAP_MS) return;
      last = now();
      start();
    },
    dispose() {
      audio?.pause();
      audio = null;
      if (beepUrl) URL.revokeObjectURL(beepUrl);
      beepUrl = null;
    },
  };
}
