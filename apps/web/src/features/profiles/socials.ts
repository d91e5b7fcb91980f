import { SOCIALS, type SocialKey, type Socials } from './api/profile-fields';

/**
 * Where a social handle leads. Members type either a full address or a handle; a handle becomes the
 * network's profile address. Only http(s) addresses are ever linked (no `javascript:` and the like).
 */
const PROFILE_URLS: Partial<Record<SocialKey, (handle: string) => string>> = {
  bluesky: (h) => `https://bsky.app/profile/${h}`,
  deviantArt: (h) => `https://www.deviantart.com/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  patreon: (h) => `https://www.patreon.com/${h}`,
  reddit: (h) => `https://www.reddit.com/user/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  twitter: (h) => `https://x.com/${h}`,
};

export interface SocialLink {
  key: SocialKey;
  label: string;
  value: string;
  /** Absent when the value is neither an http(s) address nor a handle of a known network (e.g. Discord). */
  href?: string;
}

function hrefOf(key: SocialKey, value: string): string | undefined {
  if (/^https?:\/\//i.test(value)) {
    try {
      return new URL(value).toString();
    } catch {
      return undefined;
    }
  }
  const toUrl = PROFILE_URLS[key];
  const handle = value.replace(/^@/, '');
  return toUrl && /^[\w.-]+$/.test(handle) ? toUrl(encodeURIComponent(handle)) : undefined;
}

/** The member's socials in the spec's order, blank ones left out. */
export function socialLinks(socials: Socials | null | undefined): SocialLink[] {
  return (Object.keys(SOCIALS) as SocialKey[])
    .map((key) => ({ key, label: SOCIALS[key], value: socials?.[key]?.trim() ?? '' }))
    .filter((link) => link.value !== '')
    .map((link) => ({ ...link, href: hrefOf(link.key, link.value) }));
}
