// A camera whose frames carry the wall-clock time they were made, for glass-to-glass latency: ffmpeg stamps each
// frame with the machine's clock when it leaves the source filter (setpts=RTCTIME) and draws that time, in ms after
// an epoch the bench chooses, as BITS white blocks across the top of a grey 1280×720 picture; H.264 (ultrafast,
// zerolatency, a keyframe a second) at 25 fps. Whoever decodes a frame reads the blocks back and subtracts: the
// difference is the frame's age, encoding, transport and decoding included. Both ends run on this machine's clock.

export const CLOCK_WIDTH = 1280;
export const CLOCK_HEIGHT = 720;
const BITS = 17; // 131 s of ms: latencies are far shorter, so the age is the difference modulo this
const MODULUS = 2 ** BITS;
const BLOCK = 64;
const PITCH = 72;

/** ffmpeg input and encoding arguments of the source (for tests/support/rtspUdpSource.ts's publisher). */
export function pixelClockArgs(epochMs: number): string[] {
  const bits = Array.from(
    { length: BITS },
    (_, i) => `drawbox=x=${i * PITCH}:y=0:w=${BLOCK}:h=${BLOCK}:color=white:t=fill:enable='mod(floor(floor(t*1000+0.5)/${2 ** i}),2)'`,
  );
  // setpts puts the wall clock (µs) into the frame's time for the boxes to draw; the second setpts gives the encoder
  // regular 25 fps times again.
  const filter = [`settb=1/1000`, `setpts=RTCTIME/1000-${epochMs}`, ...bits, 'setpts=N*40'].join(',');
  return [
    '-re',
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:s=${CLOCK_WIDTH}x${CLOCK_HEIGHT}:r=25`,
    '-vf',
    filter,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-g',
    '25',
    '-pix_fmt',
    'yuv420p',
  ];
}

/** The time drawn in a decoded picture of the clock (any size, `channels` bytes a pixel, the first is read). */
export function readClock(pixels: Buffer, width: number, height: number, channels: number): number {
  let code = 0;
  const y = Math.floor(((BLOCK / 2) * height) / CLOCK_HEIGHT);
  for (let i = 0; i < BITS; i++) {
    const x = Math.floor(((i * PITCH + BLOCK / 2) * width) / CLOCK_WIDTH);
    if (pixels[(y * width + x) * channels] > 192) code += 2 ** i;
  }
  return code;
}

/** The age in ms, at `now`, of a frame whose picture reads `code`. */
export function frameAge(code: number, epochMs: number, now: number): number {
  return (((now - epochMs - code) % MODULUS) + MODULUS) % MODULUS;
}
