import { describe, expect, it } from 'vitest';
import { formatFilter, parseFilter, serializeParam } from '../src';
import { createRng, pick } from './helpers';

/** The decoded right-hand operand of `title = {:t}` after a format + parse round trip. */
const roundTrip = (value: string): unknown => {
  const expr = parseFilter(formatFilter('title = {:t}', { t: value }));
  if (expr.kind !== 'comparison' || expr.right.kind !== 'text') throw new Error('not a text comparison');
  return expr.right.value;
};

describe('formatFilter: SDK-compatible serialisation', () => {
  it.each([
    ['plain', '"plain"'],
    ['', '""'],
    [`it's "quoted"`, `"it's \\"quoted\\""`],
    ['back\\slash', '"back\\\\slash"'],
    ['line\nbreak\ttab', '"line\\nbreak\\ttab"'],
    ['\u0001', '"\\u0001"'],
    ['\ud800', '"\\ud800"'],
    [5, '5'],
    [-1.5, '-1.5'],
    [0, '0'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [1e21, '1e+21'],
    [true, 'true'],
    [false, 'false'],
    [null, 'null'],
    [undefined, 'null'],
    [new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)), '"2024-01-02 03:04:05.006Z"'],
    [['a', 1], '"[\\"a\\",1]"'],
    [[], '"[]"'],
    [{ a: 'b"c' }, '"{\\"a\\":\\"b\\\\\\"c\\"}"'],
    [{ toJSON: () => 7 }, '7'],
    [{ toJSON: () => 'x' }, '"x"'],
    [{ toJSON: () => null }, 'null'],
  ])('serialises %j as %s', (value, expected) => {
    expect(serializeParam(value)).toBe(expected);
    expect(formatFilter('{:v}', { v: value })).toBe(expected);
  });

  it.each([
    [() => undefined, 'function'],
    [Symbol('s'), 'symbol'],
    [{ toJSON: () => undefined }, 'object'],
  ])('throws a TypeError for an unserialisable %s', (value, type) => {
    expect(() => formatFilter('{:v}', { v: value })).toThrow(
      new TypeError(`formatFilter: cannot serialise a ${type} parameter`),
    );
  });

  it('throws for BigInt and invalid dates, like the SDK', () => {
    expect(() => formatFilter('{:v}', { v: 1n })).toThrow(TypeError);
    expect(() => formatFilter('{:v}', { v: new Date(NaN) })).toThrow(RangeError);
  });
});

describe('formatFilter: placeholder replacement', () => {
  it.each([
    ['title = {:t}', undefined, 'title = {:t}'],
    ['title = {:t}', {}, 'title = {:t}'],
    ['a = {:x}', { y: 1 }, 'a = {:x}'],
    ['a = {:x} || b = {:x}', { x: 1 }, 'a = 1 || b = 1'],
    ['a = {:x} && b = {:y}', { x: '{:y}', y: 2 }, 'a = "{:y}" && b = 2'],
    ['a = {:a.b} && c = {:a+}', { 'a.b': 1, 'a+': 2 }, 'a = 1 && c = 2'],
    ['a = {:(x|y)}', { '(x|y)': 3, x: 4 }, 'a = 3'],
    ['a = {: x}', { ' x': 'v' }, 'a = "v"'],
    ['a = {:x}}', { 'x}': 1, x: 2 }, 'a = 1'],
    ['a = {:x}}', { x: 2, 'x}': 1 }, 'a = 2}'],
    ['a = {:😀}', { '😀': true }, 'a = true'],
    ['a = {:}', { '': 0 }, 'a = 0'],
    ['{:x}{:x}', { x: 'q' }, '"q""q"'],
  ])('%j with %j', (raw, params, expected) => {
    expect(formatFilter(raw, params as Record<string, unknown> | undefined)).toBe(expected);
  });

  it('enumerates inherited enumerable keys, like the SDK for...in', () => {
    const params = Object.create({ inherited: 'yes' }) as Record<string, unknown>;
    params.own = 1;
    expect(formatFilter('{:own} {:inherited}', params)).toBe('1 "yes"');
  });

  it('lets the first enumerated key win when placeholders overlap', () => {
    // Integer-like keys enumerate first in JS, whatever the insertion order.
    expect(formatFilter('{:1}}', { '1}': 'a', 1: 'b' })).toBe('"b"}');
  });
});

describe('formatFilter + parseFilter round trip', () => {
  it.each([
    [''],
    ["'"],
    ['"'],
    ['\\'],
    ['\\\\'],
    ['\\"'],
    ["\\'"],
    ['"\' || 1 = 1 //'],
    ["' || true = true || '"],
    ['a\nb\rc\td\fe\bf'],
    ['\u0000\u001f\u007f'],
    ['\u2028\u2029'],
    ['😀 ünï 中文'],
    ['\ud800 lone high'],
    ['lone low \udfff'],
    ['50% off_now \\% \\_'],
    ['{:t}'],
    ['\\u0041 is not A'],
    ['/* */ // comment'],
  ])('%j survives', (value) => {
    expect(roundTrip(value)).toBe(value);
  });

  it('round-trips 3000 random hostile strings', () => {
    const rng = createRng(0xf117e5);
    const alphabet = [
      ...`'"\\/{}:()&|=!<>~?,.@#_- \t\n\r`,
      '\b',
      '\f',
      '\u0000',
      '\u001b',
      '\u2028',
      '\ud800',
      '\udc00',
      '😀',
      'é',
      'a',
      'Z',
      '0',
      '\\u',
      '\\n',
      '{:t}',
    ];
    for (let i = 0; i < 3000; i++) {
      const length = Math.floor(rng() * 40);
      const value = Array.from({ length }, () => pick(rng, alphabet)).join('');
      expect(roundTrip(value)).toBe(value);
    }
  });

  it('round-trips the other value kinds', () => {
    const parsed = parseFilter(
      formatFilter('a = {:n} && b = {:neg} && c = {:b} && d = {:nil} && e = {:d} && f = {:arr}', {
        n: 42.5,
        neg: -3,
        b: false,
        nil: null,
        d: new Date(Date.UTC(2030, 11, 31, 23, 59, 59, 999)),
        arr: ['x', 'y'],
      }),
    );
    expect(
      parsed.kind === 'and' && parsed.items.map((item) => item.kind === 'comparison' && item.right),
    ).toEqual([
      { kind: 'number', value: 42.5 },
      { kind: 'number', value: -3 },
      { kind: 'bool', value: false, raw: 'false' },
      { kind: 'null', raw: 'null' },
      { kind: 'text', value: '2030-12-31 23:59:59.999Z' },
      { kind: 'text', value: '["x","y"]' },
    ]);
  });
});
