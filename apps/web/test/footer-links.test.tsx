import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, installFakeApi } from './fake-api';

/**
 * Renders the footer after the app asked the server for the deployment's settings, as main.tsx
 * does before the first render (the links come from `GET /api/site`, never from the build).
 */
async function renderFooter() {
  vi.resetModules();
  const [{ Footer }, { AppProviders }, { createQueryClient }, { loadSiteConfig }] = await Promise.all([
    import('../src/app/shell/footer'),
    import('../src/app/providers'),
    import('../src/lib/query-client'),
    import('../src/lib/config'),
  ]);
  await loadSiteConfig();
  const router = createMemoryRouter([{ path: '/', element: <Footer /> }]);
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return within(screen.getByRole('contentinfo'));
}

const site = (links: { patronUrl: string; chatUrl: string }) => ({
  status: 200,
  body: { title: 'Size Community', defaultTheme: 'auto', ...links },
});

describe('the footer’s outside links (PRODUCT.md §13)', () => {
  beforeEach(() => installFakeApi());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the patron-support and chat-community links the server names', async () => {
    fakeApi.on(
      'GET',
      '/api/site',
      site({
        patronUrl: 'https://patrons.example.org/community',
        chatUrl: 'https://chat.example.org/invite',
      }),
    );
    const footer = await renderFooter();
    expect(fakeApi.requestsTo('/api/site')).toHaveLength(1);
    const patron = footer.getByRole('link', { name: 'Support Us' });
    expect(patron.getAttribute('href')).toBe('https://patrons.example.org/community');
    expect(footer.getByRole('link', { name: 'Chat Community' }).getAttribute('href')).toBe(
      'https://chat.example.org/invite',
    );
  });

  it('leaves out a link whose URL is not set, or is not a web address', async () => {
    fakeApi.on('GET', '/api/site', site({ patronUrl: '', chatUrl: 'javascript:alert(1)' }));
    const footer = await renderFooter();
    expect(footer.queryByRole('link', { name: 'Support Us' })).toBeNull();
    expect(footer.queryByRole('link', { name: 'Chat Community' })).toBeNull();
    expect(footer.getByRole('link', { name: 'FAQ' })).toBeTruthy();
  });

  it('still shows the footer when the server cannot be asked', async () => {
    fakeApi.on('GET', '/api/site', { status: 500, body: {} });
    const footer = await renderFooter();
    expect(footer.queryByRole('link', { name: 'Support Us' })).toBeNull();
    expect(footer.getByText('Adults (18+) only.')).toBeTruthy();
  });
});
