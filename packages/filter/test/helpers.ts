// Shared test utilities: a compact AST printer, a well-formedness checker, a seeded PRNG and
// an assertion for FilterSyntaxError.
import { expect } from 'vitest';
import { COMPARISON_OPERATORS, FilterSyntaxError, FUNCTION_NAMES, type Expr, type Operand } from '../src';

/** Renders an AST compactly: and/or nodes always parenthesised, text as JSON. */
export function render(expr: Expr): string {
  switch (expr.kind) {
    case 'comparison':
      return `${renderOperand(expr.left)} ${expr.op} ${renderOperand(expr.right)}`;
    case 'and':
      return `(${expr.items.map(render).join(' && ')})`;
    case 'or':
      return `(${expr.items.map(render).join(' || ')})`;
  }
}

export function renderOperand(operand: Operand): string {
  switch (operand.kind) {
    case 'identifier':
      return operand.raw;
    case 'text':
      return JSON.stringify(operand.value);
    case 'number':
      return String(operand.value);
    case 'null':
      return 'null';
    case 'bool':
      return String(operand.value);
    case 'function':
      return `${operand.name}(${operand.args.map(renderOperand).join(', ')})`;
  }
}

/** Throws (via expect) unless `expr` satisfies every invariant the AST promises. */
export function assertWellFormed(expr: Expr): number {
  // Iterative so the checker itself is not the thing that overflows on deep trees.
  let comparisons = 0;
  const pending: Expr[] = [expr];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.kind === 'comparison') {
      comparisons++;
      expect(COMPARISON_OPERATORS).toContain(node.op);
      assertOperand(node.left, 1);
      assertOperand(node.right, 1);
    } else {
      expect(['and', 'or']).toContain(node.kind);
      expect(node.items.length).toBeGreaterThanOrEqual(2);
      pending.push(...node.items);
    }
  }
  return comparisons;
}

function assertOperand(operand: Operand, depth: number): void {
  switch (operand.kind) {
    case 'identifier':
      expect(operand.raw.length).toBeGreaterThan(0);
      expect(operand.segments.length).toBeGreaterThan(0);
      for (const segment of operand.segments) expect(segment).not.toBe('');
      if (operand.modifier !== null) expect(operand.modifier).not.toBe('');
      return;
    case 'text':
      expect(typeof operand.value).toBe('string');
      return;
    case 'number':
      expect(Number.isFinite(operand.value)).toBe(true);
      return;
    case 'null':
      expect(operand.raw.toLowerCase()).toBe('null');
      return;
    case 'bool':
      expect(operand.raw.toLowerCase()).toBe(String(operand.value));
      return;
    case 'function':
      expect(FUNCTION_NAMES).toContain(operand.name);
      expect(depth).toBeLessThanOrEqual(3);
      for (const arg of operand.args) assertOperand(arg, depth + 1);
      return;
    default:
      throw new Error(`unknown operand ${JSON.stringify(operand)}`);
  }
}

/** mulberry32: tiny, fast and deterministic, good enough for fuzzing. */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Runs `fn` and returns the FilterSyntaxError it must throw. */
export function syntaxError(fn: () => unknown): FilterSyntaxError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterSyntaxError);
    return error as FilterSyntaxError;
  }
  throw new Error('expected a FilterSyntaxError, but nothing was thrown');
}
