import { useEffect } from 'react';
import { siteConfig } from '../lib/config';

/** Sets the browser title to "{page title} | {site title}" (spec part 1 §1). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${siteConfig.title}` : siteConfig.title;
  }, [title]);
}
