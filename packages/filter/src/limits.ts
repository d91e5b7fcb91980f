// Resource limits for parseFilter. They bound the work a hostile client can cause with a
// single query string, and keep every later recursive pass over the AST shallow.

export interface FilterLimits {
  /** Maximum input length in characters (Unicode code points). */
  maxLength: number;
  /** Maximum number of comparisons (`a = b`) in one filter. */
  maxExpressions: number;
  /** Maximum nesting of function calls; a top-level call has depth 1. */
  maxFunctionDepth: number;
}

export const DEFAULT_FILTER_LIMITS: Readonly<FilterLimits> = Object.freeze({
  maxLength: 3500,
  maxExpressions: 200,
  maxFunctionDepth: 3,
});

/** Fills in defaults; an explicit `undefined` also falls back to the default. */
export function resolveLimits(limits: Partial<FilterLimits> | undefined): FilterLimits {
  return {
    maxLength: limits?.maxLength ?? DEFAULT_FILTER_LIMITS.maxLength,
    maxExpressions: limits?.maxExpressions ?? DEFAULT_FILTER_LIMITS.maxExpressions,
    maxFunctionDepth: limits?.maxFunctionDepth ?? DEFAULT_FILTER_LIMITS.maxFunctionDepth,
  };
}

/**
 * Code point length, stopping as soon as `max` is exceeded so an enormous input costs no more
 * than the limit itself. UTF-16 length is an upper bound, which gives a fast path.
 */
export function exceedsLength(input: string, max: number): boolean {
  if (input.length <= max) return false;
  let count = 0;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    // Skip the low half of a well-formed surrogate pair: the pair is one character.
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = input.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    if (++count > max) return true;
  }
  return false;
}
