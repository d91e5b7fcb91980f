/** The three colour themes a member can choose; "auto" follows the device (spec part 1 §9). */
export const THEME_SETTINGS = ['auto', 'dark', 'light'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

export function isThemeSetting(value: unknown): value is ThemeSetting {
  return typeof value === 'string' && (THEME_SETTINGS as readonly string[]).includes(value);
}

/** An optional URL from the build environment; empty means "not configured" so the link is hidden. */
function optionalUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : undefined;
}

const env = import.meta.env;

/**
 * Build-time settings of the web app, overridable per deployment with VITE_* variables.
 * The patron and chat links have no sensible default (they are the community's own accounts elsewhere),
 * so the footer leaves them out until a deployment configures them.
 */
export const siteConfig = {
  title: (env.VITE_SITE_TITLE as string | undefined) ?? 'Size Community',
  production: env.PROD,
  /** The site's default theme; a signed-in member's own setting overrides it (spec part 2 §9). */
  defaultTheme: isThemeSetting(env.VITE_DEFAULT_THEME) ? env.VITE_DEFAULT_THEME : ('auto' as ThemeSetting),
  /** PATRON_URL (PRODUCT.md §13); VITE_PATRON_URL is the older name, still read. */
  patronUrl: optionalUrl(env.PATRON_URL) ?? optionalUrl(env.VITE_PATRON_URL),
  /** CHAT_URL (PRODUCT.md §13); VITE_CHAT_URL is the older name, still read. */
  chatUrl: optionalUrl(env.CHAT_URL) ?? optionalUrl(env.VITE_CHAT_URL),
};
