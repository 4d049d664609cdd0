// The project's static helpers under public/lib/ (README: "Static helpers"), loaded on first use by a script tag
// and shared afterwards: the fmp4 player (MSE) and the track drawer.
export interface Fmp4Player {
  play(url: string): Promise<void>;
  stop(): void;
  onError: (error: Error) => void;
}

export interface Fmp4PlayerOptions {
  mimeCodec?: string;
  onError?: (error: Error & { status?: number }) => void;
  /** Live: the stream has no end; the playhead stays near the live edge; onEnd when the server ends it. */
  live?: boolean;
  onEnd?: () => void;
}

export interface Fmp4PlayerClass {
  new (video: HTMLVideoElement, options?: Fmp4PlayerOptions): Fmp4Player;
  isSupported(mimeCodec?: string): boolean;
}

export interface TrackDrawer {
  update(objects: { id: number; box: [number, number, number, number]; color?: string }[]): void;
  clear(): void;
}

interface Globals {
  ArgusFmp4Player?: Fmp4PlayerClass;
  ArgusTrack?: { create(canvas: HTMLCanvasElement, options?: { trail?: number; lineWidth?: number }): TrackDrawer };
}

const loading = new Map<string, Promise<void>>();

function loadScript(file: string): Promise<void> {
  let done = loading.get(file);
  if (!done) {
    done = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `/lib/${file}`;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(file);
        reject(new Error(`/lib/${file} could not be loaded`));
      };
      document.head.append(script);
    });
    loading.set(file, done);
  }
  return done;
}

/** The fmp4 player and the track drawer; rejects when a script cannot be loaded. */
export async function loadVideoLibs(): Promise<Required<Globals>> {
  await Promise.all([loadScript('fmp4Player.js'), loadScript('track.js')]);
  const globals = window as unknown as Globals;
  if (!globals.ArgusFmp4Player || !globals.ArgusTrack) throw new Error('the video helpers did not register');
  return { ArgusFmp4Player: globals.ArgusFmp4Player, ArgusTrack: globals.ArgusTrack };
}
