// Lexer for the filter language (protocol §3.1). It turns the raw string into a flat token
// list and reports every lexical problem as a FilterSyntaxError with the offending offset.
import { isComparisonOperator, type ComparisonOperator } from './ast';
import { FilterSyntaxError } from './errors';
import { identifierProblem, isDigit, isIdentifierPart, isIdentifierStart } from './identifier';
import { isQuote, scanText } from './text';

export type Token =
  | { kind: 'identifier'; raw: string; position: number }
  /** An identifier immediately followed by `(`; the parenthesis is part of the token. */
  | { kind: 'function'; name: string; position: number }
  | { kind: 'text'; value: string; position: number }
  | { kind: 'number'; value: number; raw: string; position: number }
  | { kind: 'operator'; op: ComparisonOperator; position: number }
  | { kind: 'and' | 'or' | 'lparen' | 'rparen' | 'comma' | 'eof'; position: number };

export type TokenKind = Token['kind'];

const OPERATOR_CHARS = '=?!><~';
const JOIN_CHARS = '&|';
const WHITESPACE = ' \t\n\r';
// A number is a run of digits with at most one inner dot; no exponent, no leading/trailing dot.
const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < input.length) {
    const ch = input[pos] ?? '';
    if (WHITESPACE.includes(ch)) {
      pos++;
    } else if (ch === '/' && input[pos + 1] === '/') {
      pos = skipComment(input, pos);
    } else if (isQuote(ch)) {
      const { value, end } = scanText(input, pos);
      tokens.push({ kind: 'text', value, position: pos });
      pos = end;
    } else if (ch === '-' || isDigit(ch) || (ch === '.' && isDigit(input[pos + 1] ?? ''))) {
      pos = readNumber(input, pos, tokens);
    } else if (isIdentifierStart(ch)) {
      pos = readIdentifier(input, pos, tokens);
    } else if (OPERATOR_CHARS.includes(ch)) {
      pos = readOperator(input, pos, tokens);
    } else if (JOIN_CHARS.includes(ch)) {
      pos = readJoin(input, pos, tokens);
    } else if (ch === '(') {
      tokens.push({ kind: 'lparen', position: pos++ });
    } else if (ch === ')') {
      tokens.push({ kind: 'rparen', position: pos++ });
    } else if (ch === ',') {
      tokens.push({ kind: 'comma', position: pos++ });
    } else {
      const full = String.fromCodePoint(input.codePointAt(pos) ?? 0);
      throw new FilterSyntaxError(`unexpected character ${JSON.stringify(full)}`, pos);
    }
  }
  tokens.push({ kind: 'eof', position: input.length });
  return tokens;
}

/** `//` comments run to the end of the line; the newline itself is ordinary whitespace. */
function skipComment(input: string, start: number): number {
  const newline = input.indexOf('\n', start);
  return newline === -1 ? input.length : newline;
}

function readRun(input: string, start: number, accept: (ch: string) => boolean): number {
  let end = start;
  while (end < input.length && accept(input[end] ?? '')) end++;
  return end;
}

function readNumber(input: string, start: number, tokens: Token[]): number {
  const bodyStart = input[start] === '-' ? start + 1 : start;
  let end = readRun(input, bodyStart, (ch) => isDigit(ch) || ch === '.');
  // Swallow glued identifier characters (`5abc`) so the error shows the whole bad word
  // instead of a confusing "expected an operator" further on.
  end = readRun(input, end, (ch) => isIdentifierPart(ch) || isIdentifierStart(ch));
  const raw = input.slice(start, end);
  if (!NUMBER.test(raw)) {
    throw new FilterSyntaxError(`invalid number ${JSON.stringify(raw)}`, start);
  }
  const value = Number(raw);
  if (!Number.isFinite(value)) {
    throw new FilterSyntaxError(`number ${JSON.stringify(raw)} is out of range`, start);
  }
  tokens.push({ kind: 'number', value, raw, position: start });
  return end;
}

function readIdentifier(input: string, start: number, tokens: Token[]): number {
  const end = readRun(input, start + 1, isIdentifierPart);
  const raw = input.slice(start, end);
  const problem = identifierProblem(raw);
  if (problem !== null) {
    throw new FilterSyntaxError(`invalid identifier ${JSON.stringify(raw)}: ${problem}`, start);
  }
  if (input[end] === '(') {
    tokens.push({ kind: 'function', name: raw, position: start });
    return end + 1;
  }
  tokens.push({ kind: 'identifier', raw, position: start });
  return end;
}

/** Operators are read greedily, so `=!` or `<>` are errors rather than two operators. */
function readOperator(input: string, start: number, tokens: Token[]): number {
  const end = readRun(input, start, (ch) => OPERATOR_CHARS.includes(ch));
  const raw = input.slice(start, end);
  if (!isComparisonOperator(raw)) {
    throw new FilterSyntaxError(`invalid operator ${JSON.stringify(raw)}`, start);
  }
  tokens.push({ kind: 'operator', op: raw, position: start });
  return end;
}

function readJoin(input: string, start: number, tokens: Token[]): number {
  const end = readRun(input, start, (ch) => JOIN_CHARS.includes(ch));
  const raw = input.slice(start, end);
  if (raw === '&&') {
    tokens.push({ kind: 'and', position: start });
  } else if (raw === '||') {
    tokens.push({ kind: 'or', position: start });
  } else {
    throw new FilterSyntaxError(
      `invalid join operator ${JSON.stringify(raw)} (expected "&&" or "||")`,
      start,
    );
  }
  return end;
}
