import { useEffect } from 'react';
import { siteConfig } from './config';

/** Sets the browser title to "{page title} | {site title}" (spec part 1 §1); no title gives the site title. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}

export function formatPageTitle(title: string | undefined): string {
  return title ? `${title} | ${siteConfig.title}` : siteConfig.title;
}
