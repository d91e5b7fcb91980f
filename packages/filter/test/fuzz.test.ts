// Seeded fuzzing: parsers must either succeed with a well-formed result or throw
// FilterSyntaxError. Any other error (TypeError, RangeError from a stack overflow, ...) or a
// hang is a bug. The seeds are fixed so failures are reproducible.
import { describe, expect, it } from 'vitest';
import {
  COMPARISON_OPERATORS,
  FilterSyntaxError,
  parseExpand,
  parseFields,
  parseFilter,
  parseSort,
  type Expr,
  type Operand,
} from '../src';
import { assertWellFormed, createRng, pick, render, renderOperand } from './helpers';

const HOSTILE_PIECES = [
  ...`()()'"\\/=!?<>~&|,.:@#_-+ \t\n\r$%[]{};*`,
  '&&',
  '||',
  '//',
  '\n',
  'a',
  'b.c',
  'x:lower',
  '@now',
  '@request.auth.id',
  '0',
  '12',
  '-3.5',
  'null',
  'TRUE',
  'false',
  'geoDistance(',
  'strftime(',
  'foo(',
  "'txt'",
  '"q\\"x"',
  '\\u00e9',
  '\u0000',
  '\u00a0',
  '😀',
  '\ud800',
  ...COMPARISON_OPERATORS,
];

/** Calls `fn` and fails the test unless it returns or throws FilterSyntaxError. */
function expectSafe<T>(input: string, fn: () => T, check: (result: T) => void): 'ok' | 'error' {
  let result: T;
  try {
    result = fn();
  } catch (error) {
    if (!(error instanceof FilterSyntaxError)) {
      throw new Error(`non-syntax error for ${JSON.stringify(input)}: ${String(error)}`);
    }
    expect(Number.isInteger(error.position)).toBe(true);
    expect(error.message.length).toBeGreaterThan(0);
    return 'error';
  }
  check(result);
  return 'ok';
}

function randomString(rng: () => number, maxPieces: number): string {
  const count = Math.floor(rng() * maxPieces);
  return Array.from({ length: count }, () => pick(rng, HOSTILE_PIECES)).join('');
}

describe('fuzz: parseFilter', () => {
  it('never throws anything but FilterSyntaxError on 5000 random strings', () => {
    const rng = createRng(20240601);
    const outcomes = { ok: 0, error: 0 };
    for (let i = 0; i < 5000; i++) {
      const input = randomString(rng, 30);
      outcomes[expectSafe(input, () => parseFilter(input), assertWellFormed)]++;
    }
    expect(outcomes.error).toBeGreaterThan(0);
  });

  it('survives 3000 mutations of valid filters', () => {
    const rng = createRng(7);
    const seeds = [
      "title ~ 'abc' && (status = true || @request.auth.id != '') // note",
      "geoDistance(loc.lon, loc.lat, 1.5, -2) < 10 || strftime('%Y', created) ?= '2026'",
      '((a = 1 || b != null) && c:lower ?~ "x\\"y") || @collection.users:u.name = @now',
    ];
    const outcomes = { ok: 0, error: 0 };
    for (let i = 0; i < 3000; i++) {
      const chars = [...pick(rng, seeds)];
      const edits = 1 + Math.floor(rng() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rng() * (chars.length + 1));
        const action = rng();
        if (action < 0.4) chars.splice(at, 1);
        else if (action < 0.8) chars.splice(at, 0, pick(rng, HOSTILE_PIECES));
        else chars.splice(at, 1, pick(rng, HOSTILE_PIECES));
      }
      const input = chars.join('');
      outcomes[expectSafe(input, () => parseFilter(input), assertWellFormed)]++;
    }
    expect(outcomes.ok).toBeGreaterThan(0);
    expect(outcomes.error).toBeGreaterThan(0);
  });
});

describe('fuzz: generated ASTs round-trip', () => {
  function randomLeaf(rng: () => number): Operand {
    const roll = rng();
    if (roll < 0.35) {
      const raw = pick(rng, ['a', 'author.name:lower', '@now', '@collection.users:u.id', 'data.0.x', '_x']);
      return { kind: 'identifier', raw, ...splitLikeParser(raw) };
    }
    if (roll < 0.65) return { kind: 'text', value: randomString(rng, 6) };
    if (roll < 0.85) return { kind: 'number', value: Math.round((rng() - 0.5) * 2e6) / 100 };
    if (roll < 0.92) return { kind: 'null', raw: 'null' };
    const value = rng() < 0.5;
    return { kind: 'bool', value, raw: String(value) };
  }

  /** A leaf, or a call whose arguments respect the function's signature. */
  function randomOperand(rng: () => number): Operand {
    const roll = rng();
    if (roll < 0.8) return randomLeaf(rng);
    if (roll < 0.9) {
      const time = randomLeaf(rng);
      return { kind: 'function', name: 'strftime', args: [{ kind: 'text', value: '%Y' }, time] };
    }
    const arg = (): Operand => {
      const leaf = randomLeaf(rng);
      return leaf.kind === 'text' ? { kind: 'number', value: 2 } : leaf;
    };
    return { kind: 'function', name: 'geoDistance', args: [arg(), arg(), arg(), arg()] };
  }

  function randomExpr(rng: () => number, budget: number): Expr {
    if (budget <= 1 || rng() < 0.4) {
      return {
        kind: 'comparison',
        left: randomOperand(rng),
        op: pick(rng, COMPARISON_OPERATORS),
        right: randomOperand(rng),
      };
    }
    const count = 2 + Math.floor(rng() * 3);
    const items = Array.from({ length: count }, () => randomExpr(rng, Math.floor(budget / count)));
    return { kind: rng() < 0.5 ? 'and' : 'or', items };
  }

  /** Serialises with a random sprinkle of whitespace and comments between tokens. */
  function serialise(rng: () => number, expr: Expr): string {
    const gap = () => pick(rng, [' ', '  ', '\n', '\t', ' // c\n', '\r\n']);
    if (expr.kind === 'comparison') {
      return `${renderOperand(expr.left)}${gap()}${expr.op}${gap()}${renderOperand(expr.right)}`;
    }
    const join = expr.kind === 'and' ? '&&' : '||';
    return `(${gap()}${expr.items.map((item) => serialise(rng, item)).join(`${gap()}${join}${gap()}`)}${gap()})`;
  }

  it('parses 1000 generated filters back to the same tree', () => {
    const rng = createRng(99);
    for (let i = 0; i < 1000; i++) {
      const expr = randomExpr(rng, 12);
      const source = serialise(rng, expr);
      expect(render(parseFilter(source, { maxLength: Infinity }))).toBe(render(expr));
    }
  });
});

describe('fuzz: sort, expand and fields', () => {
  it('only ever throw FilterSyntaxError (expand never throws)', () => {
    const rng = createRng(31337);
    for (let i = 0; i < 3000; i++) {
      const input = randomString(rng, 12);
      expectSafe(
        input,
        () => parseSort(input),
        (fields) => expect(fields.length).toBeLessThanOrEqual(8),
      );
      expectSafe(
        input,
        () => parseFields(input),
        (spec) => expect(Array.isArray(spec.fields)).toBe(true),
      );
      const tree = parseExpand(input);
      expect(tree).toBeInstanceOf(Map);
    }
  });
});

function splitLikeParser(raw: string): { segments: string[]; modifier: string | null } {
  const segments = raw.split('.');
  const last = segments.pop() ?? '';
  const [name = '', ...rest] = last.split(':');
  return { segments: [...segments, name], modifier: rest.length > 0 ? rest.join(':') : null };
}
