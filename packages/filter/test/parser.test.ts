import { describe, expect, it } from 'vitest';
import { COMPARISON_OPERATORS, parseFilter, type ComparisonExpr, type Operand } from '../src';
import { render, syntaxError } from './helpers';

const comparison = (input: string): ComparisonExpr => {
  const expr = parseFilter(input);
  if (expr.kind !== 'comparison') throw new Error(`expected a comparison, got ${expr.kind}`);
  return expr;
};
const left = (input: string): Operand => comparison(input).left;

describe('comparisons', () => {
  it.each(COMPARISON_OPERATORS.map((op) => [op]))('parses the %s operator', (op) => {
    expect(comparison(`title ${op} 'x'`)).toEqual({
      kind: 'comparison',
      left: { kind: 'identifier', raw: 'title', segments: ['title'], modifier: null },
      op,
      right: { kind: 'text', value: 'x' },
    });
    expect(comparison(`a${op}1`).op).toBe(op);
  });

  it.each([
    [`'abc' ~ title`, `"abc" ~ title`],
    [`1 = 1`, `1 = 1`],
    [`-1.5 < total`, `-1.5 < total`],
    [`@now > created`, `@now > created`],
    [`a = b`, `a = b`],
    [`"x" != 'y'`, `"x" != "y"`],
  ])('accepts any operand kind on either side: %s', (input, expected) => {
    expect(render(parseFilter(input))).toBe(expected);
  });
});

describe('operands', () => {
  it.each([
    ['null', { kind: 'null', raw: 'null' }],
    ['NULL', { kind: 'null', raw: 'NULL' }],
    ['true', { kind: 'bool', value: true, raw: 'true' }],
    ['True', { kind: 'bool', value: true, raw: 'True' }],
    ['FALSE', { kind: 'bool', value: false, raw: 'FALSE' }],
    ['nulls', { kind: 'identifier', raw: 'nulls', segments: ['nulls'], modifier: null }],
    ['null.x', { kind: 'identifier', raw: 'null.x', segments: ['null', 'x'], modifier: null }],
    ['true:lower', { kind: 'identifier', raw: 'true:lower', segments: ['true'], modifier: 'lower' }],
  ])('reads the bare word %s', (word, expected) => {
    expect(left(`${word} = 1`)).toEqual(expected);
  });

  it.each([
    ['@now'],
    ['@yesterday'],
    ['@tomorrow'],
    ['@todayStart'],
    ['@todayEnd'],
    ['@monthStart'],
    ['@monthEnd'],
    ['@yearStart'],
    ['@yearEnd'],
    ['@second'],
    ['@minute'],
    ['@hour'],
    ['@day'],
    ['@month'],
    ['@weekday'],
    ['@year'],
    ['@unknownMacro'],
  ])('leaves the macro %s as an identifier', (macro) => {
    expect(comparison(`created > ${macro}`).right).toEqual({
      kind: 'identifier',
      raw: macro,
      segments: [macro],
      modifier: null,
    });
  });

  it.each([
    ['author.name:lower', ['author', 'name'], 'lower'],
    ['tags:each', ['tags'], 'each'],
    ['@request.body.role:changed', ['@request', 'body', 'role'], 'changed'],
    ['@request.body.x:isset', ['@request', 'body', 'x'], 'isset'],
    ['@collection.users:u.name', ['@collection', 'users:u', 'name'], null],
    ['@collection.users:u.tags:length', ['@collection', 'users:u', 'tags'], 'length'],
    ['posts_via_author.title', ['posts_via_author', 'title'], null],
    ['data.a.0.b', ['data', 'a', '0', 'b'], null],
    ['a:b:c', ['a'], 'b:c'],
  ])('splits %s into segments and modifier', (raw, segments, modifier) => {
    expect(left(`${raw} = 1`)).toEqual({ kind: 'identifier', raw, segments, modifier });
  });
});

describe('precedence and grouping', () => {
  it.each([
    ['a = 1 || b = 2 && c = 3', '(a = 1 || (b = 2 && c = 3))'],
    ['a = 1 && b = 2 || c = 3', '((a = 1 && b = 2) || c = 3)'],
    ['a = 1 && b = 2 && c = 3', '(a = 1 && b = 2 && c = 3)'],
    ['a = 1 || b = 2 || c = 3', '(a = 1 || b = 2 || c = 3)'],
    ['a = 1 && b = 2 || c = 3 && d = 4', '((a = 1 && b = 2) || (c = 3 && d = 4))'],
    ['a = 1 || b = 2 && c = 3 || d = 4', '(a = 1 || (b = 2 && c = 3) || d = 4)'],
    ['(a = 1 || b = 2) && c = 3', '((a = 1 || b = 2) && c = 3)'],
    ['a = 1 && (b = 2 || c = 3) && d = 4', '(a = 1 && (b = 2 || c = 3) && d = 4)'],
    ['(a = 1 && b = 2) && c = 3', '((a = 1 && b = 2) && c = 3)'],
    ['((a = 1))', 'a = 1'],
    ['(((((a = 1)))))', 'a = 1'],
    ['(a = 1) && ((b = 2))', '(a = 1 && b = 2)'],
    ['((a = 1 || b = 2))', '(a = 1 || b = 2)'],
    ['( a=1 )&&( b=2 )', '(a = 1 && b = 2)'],
    ['a=1&&(b=2||(c=3&&d=4))', '(a = 1 && (b = 2 || (c = 3 && d = 4)))'],
    ['// leading comment\n(a = 1 // inner\n) && b = 2 // trailing', '(a = 1 && b = 2)'],
  ])('%s', (input, expected) => {
    expect(render(parseFilter(input))).toBe(expected);
  });
});

describe('errors', () => {
  it.each([
    ['', 'empty filter expression', 0],
    ['   \n\t\r', 'empty filter expression', 0],
    ['// just a comment', 'empty filter expression', 0],
    ['a', 'invalid or incomplete filter expression', 1],
    ['a =', 'invalid or incomplete filter expression', 3],
    ['a = 1 &&', 'invalid or incomplete filter expression: nothing follows "&&"', 6],
    ['a = 1 ||  ', 'invalid or incomplete filter expression: nothing follows "||"', 6],
    ['(a = 1 && )', 'invalid or incomplete filter expression: nothing follows "&&"', 7],
    ['= 1', 'expected an expression but found operator "="', 0],
    ['&& a = 1', 'expected an expression but found "&&"', 0],
    ['a = 1 && && b = 2', 'expected an expression but found "&&"', 9],
    ['a = = 1', 'expected an operand (identifier, text, number or function) but found operator "="', 4],
    ['a = (1)', 'expected an operand (identifier, text, number or function) but found "("', 4],
    ['a = 1 b = 2', 'expected "&&", "||" or ")" but found identifier "b"', 6],
    ['a = 1, b = 2', 'expected "&&", "||" or ")" but found ","', 5],
    ['a = 1 (b = 2)', 'expected "&&", "||" or ")" but found "("', 6],
    ['a 1', 'expected a comparison operator after the left operand but found number 1', 2],
    ['a && b = 1', 'expected a comparison operator after the left operand but found "&&"', 2],
    ['(a = 1', 'unbalanced parentheses: missing 1 closing ")"', 0],
    ['((a = 1) && (b = 2)', 'unbalanced parentheses: missing 1 closing ")"', 0],
    ['a = 1 && ((b = 2', 'unbalanced parentheses: missing 2 closing ")"', 10],
    ['(', 'unbalanced parentheses: missing 1 closing ")"', 0],
    ['a = 1)', 'unbalanced parentheses: unexpected ")"', 5],
    [')', 'expected an expression but found ")"', 0],
    ['(a = 1))', 'unbalanced parentheses: unexpected ")"', 7],
    ['()', 'empty parentheses group', 0],
    ['a = 1 && (())', 'empty parentheses group', 10],
    ['a = 1 && ( // nothing here\n)', 'empty parentheses group', 9],
    ['a = "x', 'unterminated text literal: missing closing "', 4],
    ['a ! 1', 'invalid operator "!"', 2],
    ['a = 1 & b = 2', 'invalid join operator "&" (expected "&&" or "||")', 6],
  ])('%j -> %s', (input, message, position) => {
    expect(syntaxError(() => parseFilter(input))).toMatchObject({ message, position });
  });

  it('names the error class', () => {
    const error = syntaxError(() => parseFilter(''));
    expect(error.name).toBe('FilterSyntaxError');
    expect(error).toBeInstanceOf(Error);
  });
});
