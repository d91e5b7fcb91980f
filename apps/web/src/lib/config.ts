/** Build-time settings of the web app. The site title can be overridden per deployment with VITE_SITE_TITLE. */
export const siteConfig = {
  title: (import.meta.env.VITE_SITE_TITLE as string | undefined) ?? 'Size Community',
  production: import.meta.env.PROD,
  /** The spec's default theme: follow the device. */
  defaultTheme: 'auto' as const,
};
