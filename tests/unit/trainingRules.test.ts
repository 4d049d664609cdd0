// The §5 training-data rules as the console applies them: counts, names, sizes and formats by content.
import { describe, expect, it } from 'vitest';
import {
  fileProblems,
  hasAcceptedExtension,
  hasChineseCharacters,
  sniffImage,
  trainingRefusal,
  uploadRefusal,
  validationRefusal,
} from '../../src/domain/trainingRules.ts';

const counts = (total: number, positive = 0, negative = 0) => ({ total, positive, negative, unclassified: total - positive - negative });
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEXT = new TextEncoder().encode('hello, this is text');

describe('training rules (spec §5)', () => {
  it('allows 1 to 100 images an upload, and at most 1000 an algorithm', () => {
    expect(uploadRefusal(counts(0), 0)).toEqual({ code: 'noFiles' });
    expect(uploadRefusal(counts(0), 100)).toBeNull();
    expect(uploadRefusal(counts(0), 101)).toEqual({ code: 'perUpload', count: 101, limit: 100 });
    expect(uploadRefusal(counts(900), 100)).toBeNull();
    expect(uploadRefusal(counts(901), 100)).toEqual({ code: 'perAlgorithm', total: 901, adding: 100, limit: 1000 });
  });

  it('trains only with every image classified and at least 4 of each class', () => {
    expect(trainingRefusal(counts(9, 4, 4))).toEqual({ code: 'unclassified', count: 1 });
    expect(trainingRefusal(counts(8, 4, 4))).toBeNull();
    expect(trainingRefusal(counts(7, 3, 4))).toEqual({ code: 'tooFewPositive', count: 3, min: 4 });
    expect(trainingRefusal(counts(7, 4, 3))).toEqual({ code: 'tooFewNegative', count: 3, min: 4 });
  });

  it('validates 1 to 10 images at a time', () => {
    expect(validationRefusal(10)).toBeNull();
    expect(validationRefusal(11)).toEqual({ code: 'validationCount', count: 11, limit: 10 });
    expect(validationRefusal(0)).toEqual({ code: 'noFiles' });
  });

  it('finds Chinese characters in names, and nothing else', () => {
    expect(hasChineseCharacters('火灾01.jpg')).toBe(true);
    expect(hasChineseCharacters('positive/𠀀.png')).toBe(true);
    expect(hasChineseCharacters('fire_01-Ä.jpg')).toBe(false);
    expect(hasChineseCharacters('カメラ.jpg')).toBe(false);
  });

  it('judges the format by content, not by name', () => {
    expect(sniffImage(JPEG)).toBe('jpeg');
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(TEXT)).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(hasAcceptedExtension('a.JFIF')).toBe(true);
    expect(hasAcceptedExtension('a.gif')).toBe(false);
  });

  it('names every problem of a file', () => {
    expect(fileProblems('ok.jpg', 16 * 1024, JPEG)).toEqual([]);
    expect(fileProblems('ok.jpg', 16 * 1024 - 1, JPEG)).toEqual(['tooSmall']);
    expect(fileProblems('烟雾.jpg', 20_000, TEXT)).toEqual(['chineseName', 'notImage']);
    expect(fileProblems('big.png', 11 * 1024 * 1024, PNG)).toEqual(['tooLarge']);
  });
});
