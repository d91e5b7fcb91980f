import { describe, expect, it } from 'vitest';
import { parseFilter } from '../src';
import { render, syntaxError } from './helpers';

describe('function calls', () => {
  it('parses geoDistance with identifiers and numbers', () => {
    expect(parseFilter('geoDistance(location.lon, location.lat, 23.32, -42.69) < 25')).toEqual({
      kind: 'comparison',
      left: {
        kind: 'function',
        name: 'geoDistance',
        args: [
          { kind: 'identifier', raw: 'location.lon', segments: ['location', 'lon'], modifier: null },
          { kind: 'identifier', raw: 'location.lat', segments: ['location', 'lat'], modifier: null },
          { kind: 'number', value: 23.32 },
          { kind: 'number', value: -42.69 },
        ],
      },
      op: '<',
      right: { kind: 'number', value: 25 },
    });
  });

  it.each([
    ['geoDistance(a.lon, a.lat, b.lon, b.lat) <= 10', 'geoDistance(a.lon, a.lat, b.lon, b.lat) <= 10'],
    ['geoDistance(1,2,3,4)>5', 'geoDistance(1, 2, 3, 4) > 5'],
    ['geoDistance(null, 2, 3, 4) = null', 'geoDistance(null, 2, 3, 4) = null'],
    ["strftime('%Y') = '2026'", 'strftime("%Y") = "2026"'],
    ["strftime('%Y-%m', created) = '2026-01'", 'strftime("%Y-%m", created) = "2026-01"'],
    ["strftime('%Y-%m', rel.created) ?= '2026-01'", 'strftime("%Y-%m", rel.created) ?= "2026-01"'],
    ["strftime('%s', 1700000000, 'unixepoch') > 1", 'strftime("%s", 1700000000, "unixepoch") > 1'],
    [
      "strftime('%Y', 'now', 'start of month', '+1 day') > '2000'",
      'strftime("%Y", "now", "start of month", "+1 day") > "2000"',
    ],
    ["strftime('%Y', @now) = strftime('%Y', created)", 'strftime("%Y", @now) = strftime("%Y", created)'],
    ["'2026' = strftime('%Y', created)", '"2026" = strftime("%Y", created)'],
    ["strftime( '%Y' , // the year\n created ) = '1'", 'strftime("%Y", created) = "1"'],
    ["strftime(// c\n'%Y'// c\n)// c\n= '1'", 'strftime("%Y") = "1"'],
  ])('%s', (input, expected) => {
    expect(render(parseFilter(input))).toBe(expected);
  });

  it('accepts strftime with the maximum of 10 arguments', () => {
    const modifiers = Array.from({ length: 8 }, (_, i) => `'+${i} day'`).join(', ');
    const expr = parseFilter(`strftime('%Y', created, ${modifiers}) = '1'`);
    expect(expr.kind === 'comparison' && expr.left.kind === 'function' && expr.left.args).toHaveLength(10);
  });

  it.each([
    ['foo(1) = 1', 'unknown function "foo" (available: geoDistance, strftime)', 0],
    ['a = geodistance(1, 2, 3, 4)', 'unknown function "geodistance" (available: geoDistance, strftime)', 4],
    ['a.b(1) = 1', 'unknown function "a.b" (available: geoDistance, strftime)', 0],
    ['geoDistance(1, 2, 3) = 1', 'geoDistance() expects 4 arguments, got 3', 0],
    ['geoDistance(1, 2, 3, 4, 5) = 1', 'geoDistance() expects 4 arguments, got 5', 0],
    ["geoDistance(1, 2, 3, 'x') = 1", 'geoDistance() argument 4 must be an identifier or a number', 0],
    ['strftime() = 1', 'strftime() expects between 1 and 10 arguments, got 0', 0],
    ['strftime(created) = 1', 'strftime() argument 1 must be text', 0],
    ["strftime('%Y', a, b) = 1", 'strftime() argument 3 must be text', 0],
    [
      "strftime('%Y', strftime('%Y')) = 1",
      'strftime() argument 2 must be text, an identifier or a number',
      0,
    ],
    [
      `strftime('%Y', 'now', ${Array(9).fill("'x'").join(', ')}) = 1`,
      'strftime() expects between 1 and 10',
      0,
    ],
    ["strftime('%Y',) = 1", 'expected an argument for strftime() but found ")"', 14],
    ["strftime(, '%Y') = 1", 'expected an argument for strftime() but found ","', 9],
    [
      "strftime('%Y' created) = 1",
      'expected "," or ")" in the arguments of strftime() but found identifier',
      14,
    ],
    ["strftime('%Y', (a)) = 1", 'expected an argument for strftime() but found "("', 15],
    ["strftime('%Y'", 'unterminated call to strftime(): missing ")"', 0],
    ["strftime('%Y',", 'unterminated call to strftime(): missing ")"', 0],
    ['strftime(', 'unterminated call to strftime(): missing ")"', 0],
    ["strftime ('%Y') = 1", 'expected a comparison operator after the left operand but found "("', 9],
    ["strftime('%s', 1700000000)", 'invalid or incomplete filter expression', 26],
    ["strftime('%Y') && a = 1", 'expected a comparison operator after the left operand but found "&&"', 15],
  ])('%j -> %s', (input, message, position) => {
    const error = syntaxError(() => parseFilter(input));
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });
});

describe('function nesting depth', () => {
  const nest = (depth: number) => 'strftime('.repeat(depth) + "'%Y'" + ')'.repeat(depth);

  it('rejects a fourth nesting level before looking at arguments', () => {
    const error = syntaxError(() => parseFilter(`${nest(4)} = 1`));
    expect(error.message).toBe('function calls may be nested at most 3 levels deep');
    expect(error.position).toBe('strftime('.length * 3);
  });

  it('lets depth 3 reach argument validation (no function takes a call as an argument today)', () => {
    expect(syntaxError(() => parseFilter(`${nest(3)} = 1`)).message).toContain('argument 1 must be text');
  });

  it('honours a custom maxFunctionDepth', () => {
    const error = syntaxError(() => parseFilter(`${nest(2)} = 1`, { maxFunctionDepth: 1 }));
    expect(error.message).toBe('function calls may be nested at most 1 levels deep');
    expect(() => parseFilter("strftime('%Y') = 1", { maxFunctionDepth: 1 })).not.toThrow();
  });

  it('stops a hostile nest of a thousand calls quickly', () => {
    const error = syntaxError(() => parseFilter(`${nest(1000)} = 1`, { maxLength: Infinity }));
    expect(error.message).toContain('nested at most 3');
  });

  it('reports an unknown nested function by name', () => {
    expect(syntaxError(() => parseFilter("strftime('%Y', foo(1)) = 1")).message).toContain('"foo"');
  });
});
