import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, listOf } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { USER_ID, header, renderShell } from './shell-helpers';

const MESSAGES = '/api/collections/messages/records';

function unreadMessages(totalItems: number) {
  fakeApi.on('GET', MESSAGES, { body: listOf([], { perPage: 10, totalItems }) });
}

describe('the shell, signed out', () => {
  it('shows the logo, a Login button, the side navigation and the footer links', async () => {
    await renderShell();
    await screen.findByRole('heading', { level: 1 });
    expect(within(header()).getByRole('link', { name: 'Size Community home' }).getAttribute('href')).toBe(
      '/',
    );
    expect(within(header()).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(header()).queryByRole('link', { name: /Messages/ })).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Notifications' })).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Forums', 'Stories', 'Search']);
    expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).toBeNull();

    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['News', '/site/news'],
      ['Roadmap', '/site/roadmap'],
      ['FAQ', '/help/faq'],
      ['Rules', '/help/rules'],
      ['Content Guidelines', '/help/content-guidelines'],
    ]) {
      expect(within(footer).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    // Tests run outside production, where the footer carries the debug menu.
    expect(await within(footer).findByRole('button', { name: 'Debug' })).toBeTruthy();
  });

  it('marks the side navigation link of the current section', async () => {
    signIn();
    renderApp('/stories/browse');
    await screen.findByRole('heading', { level: 1, name: 'Browse Stories' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Stories' }).hasAttribute('data-active')).toBe(true);
    expect(within(nav).getByRole('link', { name: 'Forums' }).hasAttribute('data-active')).toBe(false);
  });

  it('makes no member requests', async () => {
    await renderShell();
    await screen.findByRole('heading', { level: 1 });
    expect(fakeApi.requests.map((r) => r.path)).toEqual(['/api/collections/pages/records']);
  });
});

describe('the shell, signed in', () => {
  it('replaces Login with messages, notifications and the account menu', async () => {
    signIn();
    await renderShell();
    expect(await within(header()).findByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: /Account menu/ })).toBeTruthy();
    expect(within(header()).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('asks for the unread inbox as spec §7 lists it and shows the count on the messages link', async () => {
    signIn();
    unreadMessages(3);
    await renderShell();
    const link = await within(header()).findByRole('link', { name: 'Messages (3 unread)' });
    expect(link.getAttribute('href')).toBe('/messages');
    expect(within(header()).getByText('3')).toBeTruthy();

    const [request] = fakeApi.requestsTo(MESSAGES, 'GET');
    expect(Object.fromEntries(request!.query)).toEqual({
      page: '1',
      perPage: '10',
      filter: `to = "${USER_ID}" && is_read = false`,
      sort: '-created',
    });
  });

  it('caps the unread badge at "9+"', async () => {
    signIn();
    unreadMessages(12);
    await renderShell();
    expect(await within(header()).findByRole('link', { name: 'Messages (9+ unread)' })).toBeTruthy();
    expect(within(header()).getByText('9+')).toBeTruthy();
  });

  it('degrades quietly while the server lacks the endpoints', async () => {
    signIn();
    await renderShell();
    await waitFor(() => expect(fakeApi.requestsTo(MESSAGES)).toHaveLength(1));
    const link = await within(header()).findByRole('link', { name: 'Messages' });
    expect(link).toBeTruthy();
    expect(within(header()).queryByText(/^\d|9\+/)).toBeNull();
    await userEvent.click(within(header()).getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No unread notifications')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides a widget whose data is malformed instead of breaking the shell', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    fakeApi.on('GET', `/api/collections/users/records/${USER_ID}`, {
      body: { id: USER_ID, username: 'tiny_tom', expand: { profile: { id: 'p1', name: { not: 'text' } } } },
    });
    await renderShell();
    await waitFor(() => expect(within(header()).queryByRole('button', { name: /Account menu/ })).toBeNull());
    expect(within(header()).getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('the theme', () => {
  it.each(['dark', 'light'] as const)('follows the member’s "%s" setting', async (theme) => {
    signIn({ settings: { theme } });
    await renderShell();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(theme),
    );
  });
});
