/** The three colour themes a member can choose; "auto" follows the device (spec part 1 §9). */
export const THEME_SETTINGS = ['auto', 'dark', 'light'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

export function isThemeSetting(value: unknown): value is ThemeSetting {
  return typeof value === 'string' && (THEME_SETTINGS as readonly string[]).includes(value);
}

/** A link the server gave; anything but an http(s) URL means "not configured", so the link is hidden. */
function optionalUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : undefined;
}

export interface SiteConfig {
  title: string;
  production: boolean;
  /** The site's default theme; a signed-in member's own setting overrides it (spec part 2 §9). */
  defaultTheme: ThemeSetting;
  /** PATRON_URL (PRODUCT.md §13); undefined leaves the footer's link out. */
  patronUrl: string | undefined;
  /** CHAT_URL (PRODUCT.md §13). */
  chatUrl: string | undefined;
}

/**
 * The deployment's settings, as the server reads them from its environment when it starts
 * (`GET /api/site`): nothing a deployment chooses is baked into the build, so changing one is a
 * server restart. `loadSiteConfig` fills this in before the app first renders; until then (and
 * when the server cannot be asked) these defaults stand.
 */
export const siteConfig: SiteConfig = {
  title: 'Size Community',
  production: import.meta.env.PROD,
  defaultTheme: 'auto',
  patronUrl: undefined,
  chatUrl: undefined,
};

/** Takes the server's answer into `siteConfig`, keeping the default of anything missing or malformed. */
export function applySiteConfig(answer: unknown): void {
  if (answer === null || typeof answer !== 'object') return;
  const value = answer as Record<string, unknown>;
  if (typeof value.title === 'string' && value.title.trim()) siteConfig.title = value.title;
  if (isThemeSetting(value.defaultTheme)) siteConfig.defaultTheme = value.defaultTheme;
  siteConfig.patronUrl = optionalUrl(value.patronUrl);
  siteConfig.chatUrl = optionalUrl(value.chatUrl);
}

/** Asks the server for the deployment's settings; a failure leaves the defaults (the app still works). */
export async function loadSiteConfig(fetcher: typeof fetch = fetch): Promise<void> {
  try {
    const res = await fetcher('/api/site', { headers: { accept: 'application/json' } });
    if (res.ok) applySiteConfig(await res.json());
  } catch {
    // Offline or an old server: the defaults stand.
  }
}
