import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Renders the footer as built with the current environment (the links are read when the config loads). */
async function renderFooter() {
  vi.resetModules();
  const [{ Footer }, { AppProviders }, { createQueryClient }] = await Promise.all([
    import('../src/app/shell/footer'),
    import('../src/app/providers'),
    import('../src/lib/query-client'),
  ]);
  const router = createMemoryRouter([{ path: '/', element: <Footer /> }]);
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return within(screen.getByRole('contentinfo'));
}

describe('the footer’s outside links (PRODUCT.md §13)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('shows the patron-support and chat-community links a deployment configures', async () => {
    vi.stubEnv('PATRON_URL', 'https://patrons.example.org/community');
    vi.stubEnv('CHAT_URL', 'https://chat.example.org/invite');
    const footer = await renderFooter();
    const patron = footer.getByRole('link', { name: 'Support Us' });
    expect(patron.getAttribute('href')).toBe('https://patrons.example.org/community');
    expect(footer.getByRole('link', { name: 'Chat Community' }).getAttribute('href')).toBe(
      'https://chat.example.org/invite',
    );
  });

  it('leaves out a link whose URL is not set', async () => {
    vi.stubEnv('PATRON_URL', '');
    vi.stubEnv('CHAT_URL', 'https://chat.example.org/invite');
    const footer = await renderFooter();
    expect(footer.queryByRole('link', { name: 'Support Us' })).toBeNull();
    expect(footer.getByRole('link', { name: 'Chat Community' })).toBeTruthy();
  });
});
