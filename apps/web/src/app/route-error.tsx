import { Code } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '../components/errors/error-view';
import { NotFoundPage } from '../features/pages/not-found-page';
import { siteConfig } from '../lib/config';
import { isCodeLoadError } from '../lib/retrying-import';

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
  // The screen's code did not arrive (network lost, server restarting, or a deploy renamed the files):
  // loading the address again fetches what is there now.
  const retry = isCodeLoadError(error) ? () => window.location.reload() : undefined;
  return (
    <ErrorView onRetry={retry}>
      {!siteConfig.production && (
        <Code block data-testid="error-detail">
          {describe(error)}
        </Code>
      )}
    </ErrorView>
  );
}
