import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { NotFoundPage } from '../features/pages/not-found-page';
import type { RouteHandle } from '../lib/route-handle';
import { RequireMember, RequireModerator } from './guards';
import { RouteError } from './route-error';
import { ROUTE_TABLE, type RouteAccess, type RouteEntry, type RouteScreen } from './route-table';
import { Shell } from './shell/shell';

// Screens load on demand, each in its own chunk; the shell, router and providers stay in the first load.
// Screens later work has not built yet all share the small "coming soon" chunk until they get their own.
const SCREENS = {
  'coming-soon': () => import('../components/coming-soon').then((m) => ({ Component: m.ComingSoonScreen })),
  content: () => import('../features/pages/content-page').then((m) => ({ Component: m.ContentPageScreen })),
  home: () => import('../features/pages/home-page').then((m) => ({ Component: m.HomePage })),
  components: () =>
    import('../features/showcase/components-page').then((m) => ({ Component: m.ComponentsPage })),
} satisfies Record<RouteScreen['kind'], RouteObject['lazy']>;

function handleOf(screen: RouteScreen): RouteHandle {
  if (screen.kind === 'coming-soon') return { title: screen.title };
  if (screen.kind === 'content') return { slug: screen.slug };
  return {};
}

function toRoute({ path, screen }: RouteEntry): RouteObject {
  return { path, handle: handleOf(screen), lazy: SCREENS[screen.kind] };
}

const routesFor = (access: RouteAccess): RouteObject[] =>
  ROUTE_TABLE.filter((entry) => entry.access === access).map(toRoute);

/** The router's route table, built from app/route-table.ts: guards wrap the members' and moderators' routes. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    // Only reached if the shell itself fails; errors inside a page are caught below, inside the shell.
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...routesFor('public'),
          { element: <RequireMember />, children: routesFor('member') },
          { element: <RequireModerator />, children: routesFor('moderator') },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
