// Decoded frames from ffmpeg's second output (-f image2pipe -c:v pam): each frame is a PAM image, a short text
// header (WIDTH, HEIGHT, DEPTH 3, MAXVAL 255, TUPLTYPE RGB) and then width × height × 3 bytes of RGB. Self-describing,
// so the frame size need not be known before ffmpeg has probed the stream. Pure and bounded.

export interface PamFrame {
  width: number;
  height: number;
  rgb: Buffer;
}

export class PamError extends Error {}

const MAX_HEADER = 256;
const END = Buffer.from('ENDHDR\n');

export class PamParser {
  private buf: Buffer = Buffer.alloc(0);
  private frame: { width: number; height: number; bytes: number } | null = null;
  private readonly maxPixels: number;
  private readonly onFrame: (frame: PamFrame) => void;

  constructor(options: { maxPixels: number; onFrame(frame: PamFrame): void }) {
    this.maxPixels = options.maxPixels;
    this.onFrame = options.onFrame;
  }

  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (!this.frame) {
        const end = this.buf.indexOf(END);
        if (end < 0) {
          if (this.buf.length > MAX_HEADER) throw new PamError('no PAM header');
          return;
        }
        this.frame = parseHeader(this.buf.toString('latin1', 0, end), this.maxPixels);
        this.buf = this.buf.subarray(end + END.length);
      }
      if (this.buf.length < this.frame.bytes) return;
      const { width, height, bytes } = this.frame;
      // A copy of its own: the frame outlives this chunk (the detector and the snapshot read it later).
      const rgb = Buffer.from(this.buf.subarray(0, bytes));
      this.buf = this.buf.subarray(bytes);
      this.frame = null;
      this.onFrame({ width, height, rgb });
    }
  }
}

function parseHeader(text: string, maxPixels: number): { width: number; height: number; bytes: number } {
  if (!text.startsWith('P7\n')) throw new PamError('not a PAM image');
  const field = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  const width = field('WIDTH');
  const height = field('HEIGHT');
  if (field('DEPTH') !== 3 || field('MAXVAL') !== 255) throw new PamError('PAM frames must be 8-bit RGB');
  if (!(width > 0 && height > 0) || width * height > maxPixels) throw new PamError(`frame of ${width}×${height} is outside the bounds`);
  return { width, height, bytes: width * height * 3 };
}
