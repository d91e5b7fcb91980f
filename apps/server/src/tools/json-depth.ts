/**
 * How deeply JSON may nest. Parsing a deep value is cheap, but everything after it that walks the
 * value recursively (serialising it, copying it, comparing it) runs out of stack at some tens of
 * thousands of levels, and no field of the site needs more than a few. Both checks here are
 * iterative and stop at the first level too many, so a hostile value costs no more than its bytes.
 */

/** Levels a JSON field's value may nest (an array or object inside another is one level more). */
export const MAX_JSON_DEPTH = 64;

/**
 * Scans JSON text (before it is parsed) for the first point that nests more than `maxDepth` levels
 * below the top. Returns null when it never does; otherwise the top-level key whose value goes too
 * deep (null when the top itself is not an object, or the text ends before a key).
 */
export function tooDeepInText(text: string, maxDepth: number): { key: string | null } | null {
  let depth = 0;
  let key: string | null = null;
  let topIsObject = false;
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x22 /* " */) {
      const start = i;
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === 0x5c /* \ */) i++;
        else if (inner === 0x22) break;
      }
      if (depth === 1 && expectingKey) {
        key = decodeKey(text.slice(start, i + 1));
        expectingKey = false;
      }
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth++;
      if (depth === 1) expectingKey = topIsObject = char === 0x7b;
      if (depth > maxDepth) return { key };
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    } else if (char === 0x2c /* , */ && depth === 1) {
      expectingKey = topIsObject;
    }
  }
  return null;
}

function decodeKey(quoted: string): string | null {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return null;
  }
}

/** Whether a parsed value nests more than `maxDepth` levels (a scalar is level 0). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const item of level) {
      if (item === null || typeof item !== 'object') continue;
      if (depth >= maxDepth) return true;
      for (const child of Array.isArray(item) ? item : Object.values(item)) next.push(child);
    }
    level = next;
  }
  return false;
}
