import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; only network and server errors are worth another try.
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status ?? 0;
          return failureCount < 2 && (status === 0 || status >= 500);
        },
      },
    },
  });
}
