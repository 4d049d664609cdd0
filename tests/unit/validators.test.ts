// Spec §5 validation rules, one block per rule, with the contract's bounds.
import { describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  avatarFile,
  dateTime,
  email,
  first,
  formatDateTime,
  idCard,
  integerBetween,
  LENGTH,
  LOGO_MAX_BYTES,
  LOGO_MAX_CHARS,
  lengthBetween,
  logoFile,
  maxLength,
  moduleNumber,
  notLaterThanNow,
  parseDateTime,
  password,
  passwordsMatch,
  phone,
  RANGE_LIMIT_HOURS,
  rangeAtMost,
  required,
  startNotAfterEnd,
  timeRange,
  typeIds,
  username,
} from '../../src/domain/validators.ts';

describe('§5 passwords must match', () => {
  it('accepts equal entries and refuses different ones', () => {
    expect(passwordsMatch('secret1', 'secret1')).toBeNull();
    expect(passwordsMatch('secret1', 'secret2')).toEqual({ rule: 'passwordsDiffer' });
    expect(passwordsMatch('secret1', '')).toEqual({ rule: 'passwordsDiffer' });
  });
});

describe('§5 name, department and role are required', () => {
  it('refuses empty, blank and missing values; accepts a value and an id', () => {
    for (const missing of ['', '   ', null, undefined]) expect(required(missing)).toEqual({ rule: 'required' });
    expect(required('Alice')).toBeNull();
    expect(required(3)).toBeNull(); // a department or role id
  });
});

describe('§5 phone: digits and hyphen only', () => {
  it.each(['', '13800138000', '010-12345678', '-'])('accepts %j', (value) => expect(phone(value)).toBeNull());
  it.each(['+86 138', '138 0013', '1380a', '（010）'])('refuses %j', (value) => expect(phone(value)).toEqual({ rule: 'phone' }));
});

describe('§5 ID card: digits and X only', () => {
  it.each(['', '11010519491231002X', '110105194912310021', '11010519491231002x'])('accepts %j', (value) => expect(idCard(value)).toBeNull());
  it.each(['11010519491231002Y', '1101-0519', 'ABC'])('refuses %j', (value) => expect(idCard(value)).toEqual({ rule: 'idCard' }));
});

describe('§5 text length limits: 13, 18, 32, 128, 500; passwords 6 to 20', () => {
  it('names the limits of the contract', () => {
    expect(LENGTH).toEqual({ tiny: 13, phone: 18, idCard: 18, name: 32, email: 128, remark: 500 });
  });
  it.each([13, 18, 32, 128, 500])('allows %i characters and refuses one more', (max) => {
    expect(maxLength('x'.repeat(max), max)).toBeNull();
    expect(maxLength('x'.repeat(max + 1), max)).toEqual({ rule: 'maxLength', max });
  });
  it('counts characters, not bytes (Chinese names)', () => {
    expect(maxLength('张'.repeat(32), 32)).toBeNull();
  });
  it('passwords: 6 to 20 characters, required', () => {
    expect(password('')).toEqual({ rule: 'required' });
    expect(password('12345')).toEqual({ rule: 'lengthBetween', min: 6, max: 20 });
    expect(password('123456')).toBeNull();
    expect(password('x'.repeat(20))).toBeNull();
    expect(password('x'.repeat(21))).toEqual({ rule: 'lengthBetween', min: 6, max: 20 });
    expect(lengthBetween(undefined, 6, 20)).toEqual({ rule: 'lengthBetween', min: 6, max: 20 });
  });
});

describe('§5 integers only where stated', () => {
  it('accepts whole numbers in range, refuses fractions, words and out-of-range values', () => {
    expect(integerBetween('0', 0, 9999)).toBeNull();
    expect(integerBetween(9999, 0, 9999)).toBeNull();
    expect(integerBetween('1.5', 0, 9999)).toEqual({ rule: 'integer' });
    expect(integerBetween('ten', 0, 9999)).toEqual({ rule: 'integer' });
    expect(integerBetween('', 0, 9999)).toEqual({ rule: 'integer' });
    expect(integerBetween('10000', 0, 9999)).toEqual({ rule: 'between', min: 0, max: 9999 });
    expect(integerBetween('-1', 0, 9999)).toEqual({ rule: 'between', min: 0, max: 9999 });
  });
});

describe('§5 start time not after end time', () => {
  const at = (text: string) => parseDateTime(text);
  it('accepts an ordered or equal range and open ends, refuses a backwards one', () => {
    expect(startNotAfterEnd(at('2026-01-01 08:00:00'), at('2026-01-01 09:00:00'))).toBeNull();
    expect(startNotAfterEnd(at('2026-01-01 08:00:00'), at('2026-01-01 08:00:00'))).toBeNull();
    expect(startNotAfterEnd(null, at('2026-01-01 08:00:00'))).toBeNull();
    expect(startNotAfterEnd(at('2026-01-01 09:00:01'), at('2026-01-01 09:00:00'))).toEqual({ rule: 'startAfterEnd' });
  });
});

describe('§5 time not later than now', () => {
  const now = new Date(2026, 0, 1, 12, 0, 0);
  it('accepts now and the past, refuses the future', () => {
    expect(notLaterThanNow(now, now)).toBeNull();
    expect(notLaterThanNow(new Date(2025, 11, 31), now)).toBeNull();
    expect(notLaterThanNow(new Date(2026, 0, 1, 12, 0, 1), now)).toEqual({ rule: 'laterThanNow' });
    expect(notLaterThanNow(null, now)).toBeNull();
  });
});

describe('§5 time range at most 24 h, 12 h or 15 days', () => {
  const start = new Date(2026, 0, 1, 0, 0, 0);
  const plusHours = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
  it.each([RANGE_LIMIT_HOURS.day, RANGE_LIMIT_HOURS.halfDay, RANGE_LIMIT_HOURS.fifteenDays])('allows exactly %i hours and refuses a second more', (hours) => {
    expect(rangeAtMost(start, plusHours(hours), hours)).toBeNull();
    expect(rangeAtMost(start, new Date(plusHours(hours).getTime() + 1000), hours)).toEqual({ rule: 'rangeTooLong', hours });
  });
  it('has the three limits of the spec', () => {
    expect(RANGE_LIMIT_HOURS).toEqual({ day: 24, halfDay: 12, fifteenDays: 360 });
  });
});

describe('filter time ranges (the operation log)', () => {
  const now = new Date(2026, 5, 1, 12, 0, 0);
  it('puts each problem on the field to fix', () => {
    expect(timeRange('2026-05-01 00:00:00', '2026-05-02 00:00:00', now)).toEqual({});
    expect(timeRange('2026-05-03 00:00:00', '2026-05-02 00:00:00', now)).toEqual({ end: { rule: 'startAfterEnd' } });
    expect(timeRange('2026-07-01 00:00:00', '', now)).toEqual({ start: { rule: 'laterThanNow' } });
    expect(timeRange('', '2026-07-01 00:00:00', now)).toEqual({ end: { rule: 'laterThanNow' } });
    expect(timeRange('yesterday', '', now)).toEqual({ start: { rule: 'badTime' } });
    expect(timeRange('2026-05-01 00:00:00', '2026-05-03 00:00:01', now, 24)).toEqual({ end: { rule: 'rangeTooLong', hours: 24 } });
  });
  it('reads and writes the contract time format, refusing impossible dates', () => {
    expect(formatDateTime(new Date(2026, 1, 3, 4, 5, 6))).toBe('2026-02-03 04:05:06');
    expect(parseDateTime('2026-02-03 04:05:06')?.getTime()).toBe(new Date(2026, 1, 3, 4, 5, 6).getTime());
    expect(parseDateTime('2026-02-30 00:00:00')).toBeNull();
    expect(parseDateTime('2026-02-03T04:05:06')).toBeNull();
    expect(dateTime('')).toBeNull();
    expect(dateTime('2026-13-01 00:00:00')).toEqual({ rule: 'badTime' });
  });
});

describe('§5 avatar images at most 5 MB', () => {
  it('accepts the contract types up to 5 MB', () => {
    expect(avatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarFile({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(avatarFile({ type: 'image/webp', size: 1 })).toBeNull();
  });
  it('refuses a byte more, and other types', () => {
    expect(avatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toEqual({ rule: 'fileTooLarge', maxMb: 5 });
    expect(avatarFile({ type: 'image/svg+xml', size: 10 })).toMatchObject({ rule: 'fileType' });
    expect(avatarFile({ type: 'application/pdf', size: 10 })).toMatchObject({ rule: 'fileType' });
  });
});

describe('logo images (contract: png, jpeg or webp data URLs within 2,800,000 characters; svg refused)', () => {
  it('bounds the file so its base64 data URL fits', () => {
    const longestDataUrl = 'data:image/webp;base64,'.length + Math.ceil(LOGO_MAX_BYTES / 3) * 4;
    expect(longestDataUrl).toBeLessThanOrEqual(LOGO_MAX_CHARS);
    expect(logoFile({ type: 'image/webp', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoFile({ type: 'image/svg+xml', size: 10 })).toMatchObject({ rule: 'fileType' });
    expect(logoFile({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toEqual({ rule: 'fileTooLarge', maxMb: 2 });
    expect(logoFile({ type: 'image/gif', size: 10 })).toMatchObject({ rule: 'fileType' });
  });
});

describe('contract patterns used by the system forms', () => {
  it('usernames, module numbers, type ids and email', () => {
    expect(username('ops_1.a@b-c')).toBeNull();
    expect(username('张三')).toEqual({ rule: 'pattern', what: 'username' });
    expect(moduleNumber('edgeDevice/box')).toBeNull();
    expect(moduleNumber('group:system')).toBeNull();
    expect(moduleNumber('bad key')).toEqual({ rule: 'pattern', what: 'moduleNumber' });
    expect(typeIds('')).toBeNull();
    expect(typeIds('1,2, 1001')).toBeNull();
    expect(typeIds('1,,2')).toEqual({ rule: 'pattern', what: 'typeIds' });
    expect(typeIds('a,b')).toEqual({ rule: 'pattern', what: 'typeIds' });
    expect(email('')).toBeNull();
    expect(email('a@b.cn')).toBeNull();
    expect(email('a@b')).toEqual({ rule: 'email' });
  });
  it('first() reports the first failing check only', () => {
    expect(first(() => required(''), () => maxLength('', 1))).toEqual({ rule: 'required' });
    expect(first(() => required('abc'), () => maxLength('abc', 2))).toEqual({ rule: 'maxLength', max: 2 });
    expect(first(() => null)).toBeNull();
  });
});
