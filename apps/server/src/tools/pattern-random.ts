import { randomInt } from 'node:crypto';

/**
 * Generates a string from a simple pattern of character classes with counts and literal text, the
 * subset PocketBase's `autogeneratePattern` uses in practice: `[a-z0-9]{15}`, `post_[A-Z]{4}`.
 */
export function randomFromPattern(pattern: string): string {
  let out = '';
  const re = /\[([^\]]+)\](?:\{(\d+)\})?|\\(.)|([^[\\])/g;
  for (const match of pattern.matchAll(re)) {
    const [, charClass, count, escaped, literal] = match;
    if (charClass !== undefined) {
      const alphabet = expandClass(charClass);
      const n = count ? Number(count) : 1;
      for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
    } else {
      out += escaped ?? literal ?? '';
    }
  }
  return out;
}

function expandClass(charClass: string): string {
  let alphabet = '';
  for (let i = 0; i < charClass.length; i++) {
    const from = charClass[i]!;
    const to = charClass[i + 2];
    if (charClass[i + 1] === '-' && to !== undefined) {
      for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) alphabet += String.fromCharCode(c);
      i += 2;
    } else {
      alphabet += from;
    }
  }
  if (!alphabet) throw new Error(`empty character class in pattern: [${charClass}]`);
  return alphabet;
}
