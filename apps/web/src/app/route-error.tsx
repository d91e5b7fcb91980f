import { Code } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '../components/errors/error-view';
import { NotFoundPage } from '../features/pages/not-found-page';
import { siteConfig } from '../lib/config';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/**
 * The router's errorElement: the generic error view with its default texts. Members never see internals;
 * outside production the error itself is shown underneath to help whoever is developing.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <ErrorView>
      {!siteConfig.production && (
        <Code block data-testid="error-detail">
          {describe(error)}
        </Code>
      )}
    </ErrorView>
  );
}
