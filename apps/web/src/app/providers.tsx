import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { siteConfig } from '../lib/config';
import { cssVariablesResolver, theme } from './theme';
import { ThemeSync } from './theme-sync';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Mantine's "test" environment turns off transitions and portals, which tests do not need. */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        defaultColorScheme={siteConfig.defaultTheme}
        cssVariablesResolver={cssVariablesResolver}
        env={env}
      >
        <ThemeSync />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
