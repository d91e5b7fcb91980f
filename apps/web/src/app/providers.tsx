import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { siteConfig } from '../lib/config';
import { ThemeSync } from './theme-sync';

const theme = createTheme({
  primaryColor: 'grape',
  // Links and filled controls in the darker grapes reach 4.5:1 against the page in both schemes.
  primaryShade: { light: 8, dark: 7 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Mantine's "test" environment turns off transitions and portals, which tests do not need. */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme={siteConfig.defaultTheme} env={env}>
        <ThemeSync />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
