import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER_LIMITS, parseFilter } from '../src';
import { assertWellFormed, syntaxError } from './helpers';

const comparisons = (count: number) => Array.from({ length: count }, (_, i) => `f${i} = ${i}`).join(' && ');

describe('default limits', () => {
  it('matches the documented values', () => {
    expect(DEFAULT_FILTER_LIMITS).toEqual({ maxLength: 3500, maxExpressions: 200, maxFunctionDepth: 3 });
    expect(Object.isFrozen(DEFAULT_FILTER_LIMITS)).toBe(true);
  });
});

describe('maxLength', () => {
  const padded = (length: number) => {
    const base = 'a = 1';
    return base + ' '.repeat(length - base.length);
  };

  it.each([
    [3500, true],
    [3501, false],
  ])('length %i accepted: %s', (length, ok) => {
    const input = padded(length);
    if (ok) {
      expect(() => parseFilter(input)).not.toThrow();
    } else {
      expect(syntaxError(() => parseFilter(input))).toMatchObject({
        message: 'filter expression is too long (max 3500 characters)',
        position: 3500,
      });
    }
  });

  it('counts characters (code points), not UTF-16 units', () => {
    const emojis = '😀'.repeat(3500 - 'a = ""'.length);
    const input = `a = "${emojis}"`;
    expect(input.length).toBeGreaterThan(3500);
    expect(() => parseFilter(input)).not.toThrow();
    expect(() => parseFilter(`${input} `)).toThrow('too long');
  });

  it('honours a custom maxLength and rejects huge inputs without scanning them', () => {
    expect(() => parseFilter('a = 1', { maxLength: 4 })).toThrow('max 4 characters');
    const started = Date.now();
    expect(() => parseFilter('('.repeat(10_000_000))).toThrow('too long');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('treats an explicit undefined as the default', () => {
    expect(() => parseFilter(padded(3501), { maxLength: undefined })).toThrow('too long');
  });
});

describe('maxExpressions', () => {
  it('accepts exactly 200 comparisons', () => {
    expect(assertWellFormed(parseFilter(comparisons(200), { maxLength: Infinity }))).toBe(200);
  });

  it('rejects the 201st comparison where it starts', () => {
    const input = comparisons(201);
    const error = syntaxError(() => parseFilter(input, { maxLength: Infinity }));
    expect(error.message).toBe('too many expressions in the filter (max 200)');
    expect(error.position).toBe(input.indexOf('f200'));
  });

  it('counts comparisons inside groups too', () => {
    const grouped = `(${comparisons(3)}) || (${comparisons(3)})`;
    expect(() => parseFilter(grouped, { maxExpressions: 6 })).not.toThrow();
    expect(() => parseFilter(grouped, { maxExpressions: 5 })).toThrow('max 5');
  });
});

describe('hostile nesting', () => {
  it('parses the deepest nesting that fits in 3500 characters', () => {
    const depth = (3500 - 'a=1'.length) >> 1;
    const input = '('.repeat(depth) + 'a=1' + ')'.repeat(depth);
    expect(input.length).toBeLessThanOrEqual(3500);
    expect(parseFilter(input)).toMatchObject({ kind: 'comparison', op: '=' });
  });

  it('parses 100k nested groups without a stack overflow when the length cap is lifted', () => {
    const depth = 100_000;
    const input = '('.repeat(depth) + 'a=1 && b=2' + ')'.repeat(depth);
    expect(parseFilter(input, { maxLength: Infinity }).kind).toBe('and');
  });

  it('builds a left-deep chain of groups without recursion problems', () => {
    const input = '('.repeat(199) + 'a=0' + Array.from({ length: 199 }, (_, i) => ` && b=${i})`).join('');
    const expr = parseFilter(input);
    expect(assertWellFormed(expr)).toBe(200);
  });

  it.each([
    ['('.repeat(3000), 'unbalanced parentheses: missing 3000 closing ")"'],
    [')'.repeat(3000), 'expected an expression but found ")"'],
    ['('.repeat(1700) + 'a=1' + ')'.repeat(1699), 'unbalanced parentheses: missing 1 closing ")"'],
    ['('.repeat(1699) + 'a=1' + ')'.repeat(1700), 'unbalanced parentheses: unexpected ")"'],
    ['('.repeat(1740) + ')'.repeat(1740), 'empty parentheses group'],
  ])('fails cleanly on unbalanced input #%#', (input, message) => {
    expect(syntaxError(() => parseFilter(input)).message).toBe(message);
  });
});
