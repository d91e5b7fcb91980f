import { describe, expect, it } from 'vitest';
import { COMPARISON_OPERATORS, tokenize, type Token } from '../src';
import { syntaxError } from './helpers';

const kinds = (input: string) => tokenize(input).map((token) => token.kind);
const only = (input: string): Token => {
  const tokens = tokenize(input);
  expect(tokens).toHaveLength(2); // the token itself plus eof
  return tokens[0] as Token;
};
const textOf = (input: string) => {
  const token = only(input);
  if (token.kind !== 'text') throw new Error(`not text: ${token.kind}`);
  return token.value;
};

describe('whitespace and comments', () => {
  it.each([
    ['a = 1', ['identifier', 'operator', 'number', 'eof']],
    [' \t\n\r a\r\n=\t1 \n', ['identifier', 'operator', 'number', 'eof']],
    ['a=1&&b=2', ['identifier', 'operator', 'number', 'and', 'identifier', 'operator', 'number', 'eof']],
    ['', ['eof']],
    ['   \n\t', ['eof']],
    ['// only a comment', ['eof']],
    ['a = 1 // trailing comment', ['identifier', 'operator', 'number', 'eof']],
    ['a // c1\n= // c2\n 1', ['identifier', 'operator', 'number', 'eof']],
    ['// "quotes" and (parens) are ignored\na=1', ['identifier', 'operator', 'number', 'eof']],
    ['a = "// not a comment"', ['identifier', 'operator', 'text', 'eof']],
    ['(a,b)', ['lparen', 'identifier', 'comma', 'identifier', 'rparen', 'eof']],
  ])('%j', (input, expected) => {
    expect(kinds(input)).toEqual(expected);
  });

  it('reports token positions', () => {
    expect(tokenize('ab  >= "x"').map((token) => token.position)).toEqual([0, 4, 7, 10]);
  });

  it.each([['a / b'], ['/'], ['a = 1 /* c */']])('a lone slash is an error: %j', (input) => {
    expect(syntaxError(() => tokenize(input)).message).toContain('unexpected character "/"');
  });
});

describe('text literals', () => {
  it.each([
    [`'abc'`, 'abc'],
    [`"abc"`, 'abc'],
    [`''`, ''],
    [`""`, ''],
    [`"a'b"`, "a'b"],
    [`'a"b'`, 'a"b'],
    [`'a\\'b'`, "a'b"],
    [`"a\\"b"`, 'a"b'],
    [`"a\\'b"`, "a'b"],
    [`'a\\"b'`, 'a"b'],
    [`"\\\\"`, '\\'],
    [`"a\\\\"`, 'a\\'],
    [`"\\\\\\""`, '\\"'],
    [`"\\/"`, '/'],
    [`"\\b\\f\\n\\r\\t"`, '\b\f\n\r\t'],
    [`"\\u0041\\u00e9\\u00E9"`, 'Aéé'],
    [`"\\ud83d\\ude00"`, '😀'],
    [`"\\ud800"`, '\ud800'],
    [`"raw\nnewline\tand\r\u2028"`, 'raw\nnewline\tand\r\u2028'],
    [`"😀 ünïcödé"`, '😀 ünïcödé'],
    [`"// (not) && a comment"`, '// (not) && a comment'],
  ])('decodes %s', (input, expected) => {
    expect(textOf(input)).toBe(expected);
  });

  it.each([
    [`"50\\%"`, '50\\%'],
    [`"a\\_b"`, 'a\\_b'],
    [`"\\c"`, '\\c'],
    [`"\\x41"`, '\\x41'],
    [`"\\u12"`, '\\u12'],
    [`"\\uZZZZ"`, '\\uZZZZ'],
    [`"\\U0041"`, '\\U0041'],
    [`"\\😀"`, '\\😀'],
  ])('keeps the unknown escape in %s verbatim', (input, expected) => {
    expect(textOf(input)).toBe(expected);
  });

  it.each([[`'abc`], [`"abc`], [`"abc\\"`], [`"abc\\`], [`'`], [`a = "x' && b = 1`]])(
    'rejects the unterminated literal %s',
    (input) => {
      const error = syntaxError(() => tokenize(input));
      expect(error.message).toContain('unterminated text literal');
      expect(error.position).toBe(input.search(/["']/));
    },
  );
});

describe('numbers', () => {
  it.each([
    ['0', 0],
    ['5', 5],
    ['-5', -5],
    ['1.5', 1.5],
    ['-0.25', -0.25],
    ['007', 7],
    ['123456789012', 123456789012],
    ['3.14159', 3.14159],
  ])('accepts %s', (input, expected) => {
    const token = only(input);
    expect(token).toMatchObject({ kind: 'number', value: expected, raw: input });
  });

  it.each([
    ['-'],
    ['.5'],
    ['5.'],
    ['1.2.3'],
    ['1e5'],
    ['--1'],
    ['-.5'],
    ['5abc'],
    ['1_000'],
    ['1..2'],
    ['-a'],
  ])('rejects %s', (input) => {
    const error = syntaxError(() => tokenize(input));
    expect(error.message).toMatch(/^invalid number/);
    expect(error.position).toBe(0);
  });

  it('rejects numbers that overflow a float64', () => {
    expect(syntaxError(() => tokenize('1' + '0'.repeat(400))).message).toContain('out of range');
  });

  it('splits a minus glued to an operator', () => {
    expect(tokenize('a>=-1').map((token) => token.kind)).toEqual(['identifier', 'operator', 'number', 'eof']);
  });
});

describe('identifiers', () => {
  it.each([
    'a',
    'A_b1',
    '_a',
    '__',
    '@now',
    '@_',
    '#x',
    'a.b.c',
    'a:lower',
    'a.b:each',
    '@request.auth.id',
    '@request.body.tags:length',
    '@collection.users:u.name',
    'data.a.0.b',
    'null',
    'TRUE',
  ])('accepts %s', (input) => {
    expect(only(input)).toEqual({ kind: 'identifier', raw: input, position: 0 });
  });

  it.each([
    ['@', 'a lone "@" is not an identifier'],
    ['_', 'a lone "_" is not an identifier'],
    ['#', 'a lone "#" is not an identifier'],
    ['a.', 'must not end with "."'],
    ['a:', 'must not end with ":"'],
    ['a.b:', 'must not end with ":"'],
    ['a..b', 'contains an empty path segment'],
    ['a.:x', 'contains an empty path segment'],
  ])('rejects %s', (input, reason) => {
    const error = syntaxError(() => tokenize(input));
    expect(error.message).toBe(`invalid identifier ${JSON.stringify(input)}: ${reason}`);
    expect(error.position).toBe(0);
  });

  it.each([['a@b'], ['a#b']])('only starts identifiers with "@" and "#": %s', (input) => {
    expect(tokenize(input).map((token) => token.kind)).toEqual(['identifier', 'identifier', 'eof']);
  });

  it('marks an identifier glued to "(" as a function call', () => {
    expect(tokenize('strftime(')[0]).toEqual({ kind: 'function', name: 'strftime', position: 0 });
    expect(kinds('strftime (')).toEqual(['identifier', 'lparen', 'eof']);
  });
});

describe('operators and joins', () => {
  it.each(COMPARISON_OPERATORS.map((op) => [op]))('reads %s', (op) => {
    expect(tokenize(`a${op}1`)[1]).toEqual({ kind: 'operator', op, position: 1 });
  });

  it.each([['=!'], ['<>'], ['=='], ['!'], ['?'], ['??='], ['=<'], ['!=='], ['~='], ['?!'], ['>>']])(
    'rejects the operator %s',
    (op) => {
      expect(syntaxError(() => tokenize(`a ${op} 1`))).toMatchObject({
        message: `invalid operator ${JSON.stringify(op)}`,
        position: 2,
      });
    },
  );

  it.each([
    ['&&', 'and'],
    ['||', 'or'],
  ])('reads %s', (join, kind) => {
    expect(tokenize(join)[0]).toEqual({ kind, position: 0 });
  });

  it.each([['&'], ['|'], ['&&&'], ['&|'], ['||||']])('rejects the join %s', (join) => {
    expect(syntaxError(() => tokenize(`a=1 ${join} b=2`)).message).toContain('invalid join operator');
  });
});

describe('unexpected characters', () => {
  it.each([['$'], ['%'], ['['], ['{'], [';'], ['\f'], ['\u00a0'], ['😀'], ['\u0000'], ['.'], ['+']])(
    'rejects %j with its position',
    (ch) => {
      expect(syntaxError(() => tokenize(`a = ${ch}`))).toMatchObject({
        message: `unexpected character ${JSON.stringify(ch)}`,
        position: 4,
      });
    },
  );
});
