/**
 * Site usernames for imported members (spec part 1 §5): 3 to 64 of lower-case letters, digits, `-`, `_`
 * and `.`. Pen names are written by people ("Ms. Tiny Åsa", "小さい"), so a username is made from one:
 * accents dropped, a few letters spelled out (ß -> ss, æ -> ae), spaces as `_`, anything else left out,
 * and a number added where that leaves it too short, empty, or already someone's.
 */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,64}$/;
const MAX_LENGTH = 64;

const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ŋ: 'n',
};

/** The pen name as username characters; may come out shorter than 3, or empty. */
export function usernameCharacters(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðþłıŋ]/g, (letter) => SPELLED[letter] ?? '')
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/_{2,}/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, MAX_LENGTH);
}

/**
 * Picks usernames no one has: `isTaken` answers for the site's members, and every name picked here is
 * taken from then on. `fallback` (say `author-12`) stands in for a pen name with no usable characters;
 * `short` is appended to one that is too short (`jo` -> `jo-12`).
 */
export class UsernamePicker {
  private readonly picked = new Set<string>();

  constructor(private readonly isTaken: (username: string) => Promise<boolean>) {}

  async pick(name: string, fallback: string, short = fallback): Promise<string> {
    const chars = usernameCharacters(name);
    const base = chars.length >= 3 ? chars : chars ? `${chars}-${short}` : fallback;
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : `-${n}`;
      const candidate = `${base.slice(0, MAX_LENGTH - suffix.length).replace(/[._-]+$/, '')}${suffix}`;
      if (this.picked.has(candidate) || (await this.isTaken(candidate))) continue;
      this.picked.add(candidate);
      return candidate;
    }
  }
}
