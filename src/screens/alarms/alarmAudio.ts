// The alarm sound: the system config's audioUrl (§4 bootstrap), or — when that file is missing or cannot be
// played — a short beep generated in the browser as a WAV. At most one sound per MIN_GAP_MS, however many
// alarms arrive (a burst is one alert, not a hundred).

export const MIN_GAP_MS = 1500;

/** A mono 16-bit PCM WAV of a sine beep with short fades (no click). */
export function beepWav(durationMs = 350, frequency = 880, sampleRate = 8000): Blob {
  const samples = Math.round((sampleRate * durationMs) / 1000);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
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
  view.setUint32(40, samples * 2, true);
  const fade = Math.min(samples / 4, sampleRate / 100);
  for (let i = 0; i < samples; i += 1) {
    const envelope = Math.min(1, i / fade, (samples - i) / fade);
    const value = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * envelope * 0.5;
    view.setInt16(44 + i * 2, Math.round(value * 32767), true);
  }
  return new Blob([buffer], { type: 'audio/wav' });
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
