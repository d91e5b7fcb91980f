// Scanning and decoding of quoted text literals ('…' or "…").
//
// Escapes are decoded JSON-style so that whatever JSON.stringify (pb.filter) or Go's
// strconv.Quote (server-side placeholders) produce round-trips to the original string.
//
// Unknown escapes (anything not listed in SIMPLE_ESCAPES, and a `\u` not followed by four hex
// digits) are kept verbatim, backslash included. That is deliberate: the `~` operator treats
// `\%` and `\_` as escaped LIKE wildcards (see protocol §3.4), so `title ~ 'a\%'` must reach
// the SQL builder with its backslash intact. Rejecting or dropping such escapes would break
// that documented behaviour.
import { FilterSyntaxError } from './errors';

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

const HEX4 = /^[0-9a-fA-F]{4}$/;

export function isQuote(ch: string): boolean {
  return ch === '"' || ch === "'";
}

/**
 * Reads the literal whose opening quote is at `start`. Returns the decoded value and the
 * index just past the closing quote. The other quote character is ordinary inside a literal,
 * and an escaped quote never closes it.
 */
export function scanText(input: string, start: number): { value: string; end: number } {
  const quote = input[start];
  let value = '';
  // Copy plain runs in one slice instead of char by char.
  let runStart = start + 1;
  let i = runStart;
  while (i < input.length) {
    const ch = input[i];
    if (ch === quote) {
      return { value: value + input.slice(runStart, i), end: i + 1 };
    }
    if (ch !== '\\') {
      i++;
      continue;
    }
    value += input.slice(runStart, i);
    const next = input[i + 1];
    if (next === undefined) {
      break; // a trailing backslash escapes nothing: the literal is unterminated
    }
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      value += simple;
      i += 2;
    } else if (next === 'u' && HEX4.test(input.slice(i + 2, i + 6))) {
      // Surrogate halves are decoded one by one; adjacent halves form the pair naturally
      // because JS strings are UTF-16.
      value += String.fromCharCode(parseInt(input.slice(i + 2, i + 6), 16));
      i += 6;
    } else {
      value += '\\' + next;
      i += 2;
    }
    runStart = i;
  }
  throw new FilterSyntaxError(`unterminated text literal: missing closing ${quote ?? 'quote'}`, start);
}
