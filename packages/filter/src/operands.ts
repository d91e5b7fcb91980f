// Parsing of a single operand: identifier, literal or function call (with its arguments).
import type { FunctionOperand, Operand } from './ast';
import { describeToken, type TokenCursor } from './cursor';
import { FilterSyntaxError } from './errors';
import { checkFunctionCall, isKnownFunction, unknownFunctionMessage } from './functions';
import { toIdentifierOperand } from './identifier';
import type { Token } from './tokenizer';

export const INCOMPLETE = 'invalid or incomplete filter expression';

export function isOperandStart(token: Token): boolean {
  return (
    token.kind === 'identifier' ||
    token.kind === 'function' ||
    token.kind === 'text' ||
    token.kind === 'number'
  );
}

/**
 * Consumes one operand. `depth` is the function nesting depth of the surrounding context
 * (0 at the top level); recursion only happens for nested calls and is capped by
 * maxFunctionDepth before it goes any deeper.
 */
export function parseOperand(cursor: TokenCursor, maxFunctionDepth: number, depth = 0): Operand {
  const token = cursor.next();
  switch (token.kind) {
    case 'identifier':
      return identifierOrKeyword(token.raw);
    case 'text':
      return { kind: 'text', value: token.value };
    case 'number':
      return { kind: 'number', value: token.value };
    case 'function':
      return parseCall(cursor, token.name, token.position, maxFunctionDepth, depth + 1);
    case 'eof':
      throw new FilterSyntaxError(INCOMPLETE, token.position);
    default:
      throw new FilterSyntaxError(
        `expected an operand (identifier, text, number or function) but found ${describeToken(token)}`,
        token.position,
      );
  }
}

/** The bare words null/true/false in any letter case become literals; see NullOperand. */
function identifierOrKeyword(raw: string): Operand {
  const lower = raw.toLowerCase();
  if (lower === 'null') return { kind: 'null', raw };
  if (lower === 'true' || lower === 'false') return { kind: 'bool', value: lower === 'true', raw };
  return toIdentifierOperand(raw);
}

function parseCall(
  cursor: TokenCursor,
  name: string,
  position: number,
  maxFunctionDepth: number,
  depth: number,
): FunctionOperand {
  // Reject early, before reading arguments, so a hostile nest never gets deeper than allowed.
  if (!isKnownFunction(name)) {
    throw new FilterSyntaxError(unknownFunctionMessage(name), position);
  }
  if (depth > maxFunctionDepth) {
    throw new FilterSyntaxError(
      `function calls may be nested at most ${maxFunctionDepth} levels deep`,
      position,
    );
  }
  const call: FunctionOperand = { kind: 'function', name, args: [] };
  if (cursor.peek().kind === 'rparen') {
    cursor.next();
    checkFunctionCall(call, position);
    return call;
  }
  for (;;) {
    const start = cursor.peek();
    if (start.kind === 'eof') {
      throw new FilterSyntaxError(`unterminated call to ${name}(): missing ")"`, position);
    }
    if (!isOperandStart(start)) {
      throw new FilterSyntaxError(
        `expected an argument for ${name}() but found ${describeToken(start)}`,
        start.position,
      );
    }
    call.args.push(parseOperand(cursor, maxFunctionDepth, depth));
    const after = cursor.next();
    if (after.kind === 'rparen') break;
    if (after.kind === 'eof') {
      throw new FilterSyntaxError(`unterminated call to ${name}(): missing ")"`, position);
    }
    if (after.kind !== 'comma') {
      throw new FilterSyntaxError(
        `expected "," or ")" in the arguments of ${name}() but found ${describeToken(after)}`,
        after.position,
      );
    }
  }
  checkFunctionCall(call, position);
  return call;
}
