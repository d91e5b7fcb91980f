import { useMatches } from 'react-router';

/** Static data a route declares for its screen (see app/route-table.ts). */
export interface RouteHandle {
  /** The title of a screen without data of its own yet; for an intro screen, its heading without a record. */
  title?: string;
  /** The slug of the `pages` record a content screen (or an intro screen's intro) shows. */
  slug?: string;
}

/** The handle of the deepest matched route, i.e. of the screen being shown. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const handle: unknown = matches[matches.length - 1]?.handle;
  return typeof handle === 'object' && handle !== null ? handle : {};
}
