import { describe, it, expect } from 'vitest';
import {
  ALPHANUMERIC,
  LOWER_ALPHANUMERIC,
  constantTimeEqual,
  randomId,
  randomString,
  randomTokenKey,
} from '../../../src/tools/security/random';

describe('randomId', () => {
  it('is 15 characters of [a-z0-9]', () => {
    for (let i = 0; i < 200; i++) expect(randomId()).toMatch(/^[a-z0-9]{15}$/);
  });

  it('does not repeat across many draws', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => randomId()));
    expect(ids.size).toBe(20_000);
  });
});

describe('randomTokenKey', () => {
  it('is 50 characters of [A-Za-z0-9] and uses the whole alphabet', () => {
    const keys = Array.from({ length: 200 }, () => randomTokenKey());
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{50}$/);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys.join(''))).toEqual(new Set(ALPHANUMERIC));
  });
});

describe('randomString', () => {
  it('defaults to lowercase alphanumerics and honours the length', () => {
    expect(randomString(0)).toBe('');
    expect(randomString(64)).toMatch(/^[a-z0-9]{64}$/);
    expect(randomString(8, '0123456789')).toMatch(/^\d{8}$/);
  });

  it('treats the alphabet as code points', () => {
    const value = randomString(30, '😀🎉');
    expect(Array.from(value)).toHaveLength(30);
    expect(value).toMatch(/^(😀|🎉)+$/u);
  });

  it('has no modulo bias (36 symbols, where byte % 36 would favour 4 of them by ~14%)', () => {
    const perSymbol = 5_000;
    const sample = randomString(perSymbol * LOWER_ALPHANUMERIC.length);
    const counts = new Map<string, number>();
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(LOWER_ALPHANUMERIC.length);
    // sigma is ~70; a biased generator would give ~5,625 for a..d and ~4,922 for the rest.
    for (const count of counts.values()) expect(Math.abs(count - perSymbol)).toBeLessThan(400);
  });

  it('rejects bad lengths and alphabets', () => {
    for (const length of [-1, 1.5, Number.NaN, Infinity, 2 ** 21]) {
      expect(() => randomString(length)).toThrow(RangeError);
    }
    expect(() => randomString(5, '')).toThrow(RangeError);
    expect(() => randomString(5, 'a')).toThrow(RangeError);
    expect(() => randomString(5, 'abca')).toThrow(/duplicate/);
  });
});

describe('constantTimeEqual', () => {
  it('compares strings exactly', () => {
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('secret', 'secret')).toBe(true);
    expect(constantTimeEqual('grüße 😀', 'grüße 😀')).toBe(true);
    expect(constantTimeEqual('secret', 'secreT')).toBe(false);
    expect(constantTimeEqual('secret', 'secret ')).toBe(false);
    expect(constantTimeEqual('secret', '')).toBe(false);
    expect(constantTimeEqual('a'.repeat(1000), 'a'.repeat(999))).toBe(false);
  });
});
