/**
 * Seeded randomness and the shapes of a community's data: record ids, dates, words, and the long
 * tails (a few members write most stories, a few stories get most likes and comments).
 */

/** mulberry32: small and seeded, so every build of one scale produces the same rows. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(random: Random, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

/** A record id as the server makes them: 15 characters of [a-z0-9]. */
export const recordId = (random: Random) => randomString(random, ID_ALPHABET, 15);
export const tokenKey = (random: Random) => randomString(random, KEY_ALPHABET, 50);

/** The stored date format ("2026-11-01 12:00:00.000Z"). */
/** The dataset's "today": every date is drawn backwards from it, so a scale always gives the same rows. */
export const NOW = Date.UTC(2026, 10, 1);
export const DAY = 24 * 3600 * 1000;
export const YEAR = 365 * DAY;

export const dateString = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

/**
 * An index in [0, n) skewed towards 0: `power` 1 is uniform, 3 puts about half the picks in the
 * first 13% (a long tail). Callers map index 0 to "the most active" member or post.
 */
export const skewed = (random: Random, n: number, power: number) => Math.floor(random() ** power * n);

/** Fisher–Yates over 0..n-1: popularity ranks that are not the creation order. */
export function permutation(random: Random, n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/**
 * Splits `total` over `n` ranks with weights 1/(rank+1)^exponent (Zipf-like), each share capped at
 * `cap`; cumulative rounding keeps the uncapped sum exact.
 */
export function zipfShares(total: number, n: number, exponent: number, cap: number): Uint32Array {
  const weights = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i] = 1 / (i + 1) ** exponent;
  const shares = new Uint32Array(n);
  let cumulative = 0;
  let given = 0;
  for (let i = 0; i < n; i++) {
    cumulative += (weights[i]! / sum) * total;
    const upTo = Math.round(cumulative);
    shares[i] = Math.min(cap, upTo - given);
    given = upTo;
  }
  return shares;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * `count` distinct indices in [0, n): a random start and a stride coprime with n, so one post's likes
 * come from different members without a set per post.
 */
export function distinctIndices(random: Random, n: number, count: number): number[] {
  const start = Math.floor(random() * n);
  let stride = 1 + Math.floor(random() * Math.max(1, n - 1));
  while (gcd(stride, n) !== 1) stride = (stride % Math.max(1, n - 1)) + 1;
  const out: number[] = [];
  for (let t = 0; t < Math.min(count, n); t++) out.push((start + t * stride) % n);
  return out;
}

/**
 * The words stories are written in. A small vocabulary with Zipf-like use, so search terms range
 * from very common ("giant") to rare, as they do on the real site.
 */
export const WORDS = (
  'giant tiny small huge tower shrink grow hand pocket city village forest castle meadow river ' +
  'storm lantern window table shoe boot cup garden door bridge harbour lighthouse mountain valley ' +
  'friend stranger sister brother neighbour captain baker wizard witch scientist student traveller ' +
  'gentle careful curious nervous brave quiet loud warm cold bright dark ancient secret hidden ' +
  'morning evening night winter summer autumn spring rain snow wind thunder moon star sun cloud ' +
  'potion machine ray experiment accident promise letter map journey return home library kitchen ' +
  'stairs balcony rooftop desk bookshelf teacup thimble button ribbon coin key ring necklace ' +
  'whisper laugh smile shout sigh dream wish fear hope surprise wonder lesson bargain favour ' +
  'carried lifted held watched followed found lost hid climbed fell landed waited listened ' +
  'sunflower orchard lake island ship train carriage market festival parade museum tavern inn'
).split(' ');

export function words(random: Random, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[skewed(random, WORDS.length, 1.8)]!);
  return out.join(' ');
}

export function sentence(random: Random, count: number): string {
  const text = words(random, count);
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}
