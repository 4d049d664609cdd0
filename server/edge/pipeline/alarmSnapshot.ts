// An alarm's snapshot: the decoded frame the rule fired on, with the object's box drawn, as a JPEG (sharp, off the
// event loop). The frame is never encoded for detection; only an alarm (or a snapshot the platform asks for) is.
import sharp from 'sharp';
import type { DecodedFrame, RelBox } from '../types.ts';

/** The box in the frame's pixels, as the alarm's `box` field wants it. */
export function pixelBox(box: RelBox, width: number, height: number): { x: number; y: number; w: number; h: number } {
  const x = Math.max(0, Math.min(width - 1, Math.round(box.x1 * width)));
  const y = Math.max(0, Math.min(height - 1, Math.round(box.y1 * height)));
  const x2 = Math.max(x + 1, Math.min(width, Math.round(box.x2 * width)));
  const y2 = Math.max(y + 1, Math.min(height, Math.round(box.y2 * height)));
  return { x, y, w: x2 - x, h: y2 - y };
}

/** A copy of the frame with a rectangle `thickness` pixels wide drawn round the box. */
export function drawBox(frame: DecodedFrame, box: RelBox, colour: [number, number, number] = [255, 48, 48], thickness = 3): Buffer {
  const { width, height } = frame;
  const out = Buffer.from(frame.rgb);
  const p = pixelBox(box, width, height);
  const put = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    out[i] = colour[0];
    out[i + 1] = colour[1];
    out[i + 2] = colour[2];
  };
  for (let k = 0; k < thickness; k++) {
    for (let x = p.x; x < p.x + p.w; x++) {
      put(x, p.y + k);
      put(x, p.y + p.h - 1 - k);
    }
    for (let y = p.y; y < p.y + p.h; y++) {
      put(p.x + k, y);
      put(p.x + p.w - 1 - k, y);
    }
  }
  return out;
}

export function frameJpeg(frame: DecodedFrame, rgb: Buffer = frame.rgb, quality = 80): Promise<Buffer> {
  return sharp(rgb, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** The alarm's snapshot: the frame with the box drawn. */
export function alarmSnapshot(frame: DecodedFrame, box: RelBox): Promise<Buffer> {
  return frameJpeg(frame, drawBox(frame, box));
}
