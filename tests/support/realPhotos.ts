// Real photographs for the detector's tests, bench and browser tests: they ship inside a registry package
// (@vladmandic/human, MIT, a dev dependency) and are read from node_modules, never copied into this repository.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REAL_PHOTO_DIR = fileURLToPath(new URL('../../node_modules/@vladmandic/human/assets/', import.meta.url));

export const REAL_PHOTOS = {
  /** A collage and a crowd: about 35 people. */
  crowd: 'samples.jpg',
  /** A person at a desk in front of monitors. */
  office: 'screenshot-faceid.jpg',
  /** A group photo with faces marked. */
  group: 'screenshot-facedetect.jpg',
  /** A 3D figure and a photo side by side. */
  figure: 'screenshot-vrm.jpg',
  /** Several portraits in a row. */
  portraits: 'screenshot-facematch.jpg',
} as const;

export function realPhotoPath(name: keyof typeof REAL_PHOTOS): string {
  return `${REAL_PHOTO_DIR}${REAL_PHOTOS[name]}`;
}

export function readRealPhoto(name: keyof typeof REAL_PHOTOS): Buffer {
  return readFileSync(realPhotoPath(name));
}
