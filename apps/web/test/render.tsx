import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../src/app/providers';
import { routes as appRoutes } from '../src/app/routes';
import { createQueryClient } from '../src/lib/query-client';

/** Renders the given routes at `path` inside the app's real providers (Mantine in its test mode). */
export function renderAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // The app's retry policy stays; only the wait between tries goes, so failing tests stay fast.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Renders the whole app (the real route table) at `path`. */
export function renderApp(path: string) {
  return renderAt(appRoutes, path);
}

/** The router's current path, query and hash. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search, hash } = router.state.location;
  return pathname + search + hash;
}
