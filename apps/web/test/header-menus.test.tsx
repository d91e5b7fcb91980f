import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, listOf, type FakeReply } from './fake-api';
import { currentUrl } from './render';
import { signIn } from './session';
import { USER_ID, header, renderShell } from './shell-helpers';

const NOTIFICATIONS = '/api/collections/notifications/records';

function notification(id: string, content: string) {
  return {
    id,
    collectionName: 'notifications',
    icon: 'bell',
    content,
    href: `/stories/s1#comment-${id}`,
    read: false,
  };
}

describe('the notifications dropdown', () => {
  it('shows "No unread notifications", View All and Mark All Read when there are none', async () => {
    signIn();
    fakeApi.on('GET', NOTIFICATIONS, { body: listOf([], { perPage: 10000 }) });
    await renderShell();
    await userEvent.click(await within(header()).findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No unread notifications')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'View All' }).getAttribute('href')).toBe('/notifications');
    expect(screen.getByRole('menuitem', { name: 'Mark All Read' })).toBeTruthy();

    const [request] = fakeApi.requestsTo(NOTIFICATIONS, 'GET');
    expect(Object.fromEntries(request!.query)).toEqual({
      page: '1',
      perPage: '10000',
      filter: `user = "${USER_ID}" && read = false`,
      sort: '-created',
    });
  });

  it('lists unread notifications and marks them all read, one update each', async () => {
    signIn();
    let unread = [
      notification('n1', 'Alice commented on your story'),
      notification('n2', 'Bob liked your story'),
    ];
    fakeApi.on('GET', NOTIFICATIONS, () => ({ body: listOf(unread, { perPage: 10000 }) }));
    fakeApi.on('PATCH', `${NOTIFICATIONS}/n1`, (): FakeReply => ({ body: { ...unread[0], read: true } }));
    fakeApi.on('PATCH', `${NOTIFICATIONS}/n2`, (): FakeReply => {
      unread = [];
      return { body: { id: 'n2', read: true } };
    });
    await renderShell();

    const bell = await within(header()).findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(within(header()).getByText('2')).toBeTruthy());
    await userEvent.click(bell);
    const first = await screen.findByRole('menuitem', { name: 'Alice commented on your story' });
    expect(first.getAttribute('href')).toBe('/stories/s1#comment-n1');
    expect(screen.getByRole('menuitem', { name: 'Bob liked your story' })).toBeTruthy();

    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark All Read' }));
    await waitFor(() => expect(fakeApi.requestsTo(`${NOTIFICATIONS}/n2`, 'PATCH')).toHaveLength(1));
    expect(fakeApi.requestsTo(`${NOTIFICATIONS}/n1`, 'PATCH')[0]?.body).toEqual({ read: true });
    await waitFor(() => expect(within(header()).queryByText('2')).toBeNull());
  });
});

describe('the account menu', () => {
  const profile = {
    id: 'profile12345678',
    collectionId: 'pbc_profiles',
    collectionName: 'profiles',
    username: 'tiny_tom',
    name: 'Tom Thumb',
    avatar: 'tom_a1b2c3d4e5.png',
    settings: { displayUsername: false },
  };

  it('loads the user with the profile expanded and offers the spec’s links and Logout', async () => {
    signIn();
    fakeApi.on('GET', `/api/collections/users/records/${USER_ID}`, {
      body: { id: USER_ID, username: 'tiny_tom', expand: { profile } },
    });
    const { router } = await renderShell();

    const trigger = await within(header()).findByRole('button', { name: 'Account menu for Tom Thumb' });
    const avatar = within(trigger).getByRole('img', { name: 'Tom Thumb' });
    expect(avatar.getAttribute('src')).toMatch(
      /\/api\/files\/pbc_profiles\/profile12345678\/tom_a1b2c3d4e5\.png\?thumb=256x256f$/,
    );
    expect(fakeApi.requestsTo(`/api/collections/users/records/${USER_ID}`)[0]?.query.get('expand')).toBe(
      'profile',
    );

    await userEvent.click(trigger);
    const links = ['My Favorites', 'My Likes', 'Edit Profile', 'Settings'].map((name) =>
      screen.getByRole('menuitem', { name }).getAttribute('href'),
    );
    expect(links).toEqual(['/profiles/me/favorites', '/profiles/me/likes', '/edit-profile', '/settings']);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await within(header()).findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/');
  });

  it('falls back to the username when the profile cannot be loaded', async () => {
    signIn();
    await renderShell();
    expect(await within(header()).findByRole('button', { name: 'Account menu for tiny_tom' })).toBeTruthy();
  });
});

describe('the admin navigation', () => {
  it('is not shown to members', async () => {
    signIn({ roles: ['tester'] });
    await renderShell();
    await within(header()).findByRole('link', { name: 'Messages' });
    expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).toBeNull();
    expect(fakeApi.requestsTo('/api/collections/reports/records')).toHaveLength(0);
  });

  it('shows moderators the counts: "?" while loading, then with thousands separators', async () => {
    signIn({ roles: ['moderator'] });
    const posts = deferred<FakeReply>();
    fakeApi.on('GET', '/api/collections/posts/records', () => posts.promise);
    fakeApi.on('GET', '/api/collections/reports/records', {
      body: listOf([], { perPage: 1, totalItems: 7 }),
    });
    fakeApi.on('GET', '/api/collections/users/records', {
      body: listOf([], { perPage: 1, totalItems: 12345 }),
    });
    await renderShell();

    const adminNav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    const badge = (name: string) => within(adminNav).getByTestId(`admin-count-${name}`).textContent;
    expect(within(adminNav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin');
    await waitFor(() => expect(badge('users')).toBe('12,345'));
    expect(badge('openReports')).toBe('7');
    expect(badge('submittedPosts')).toBe('?');

    posts.resolve({ body: listOf([], { perPage: 1, totalItems: 1234 }) });
    await waitFor(() => expect(badge('submittedPosts')).toBe('1,234'));

    const query = (path: string) => Object.fromEntries(fakeApi.requestsTo(path)[0]!.query);
    expect(query('/api/collections/posts/records')).toEqual({
      page: '1',
      perPage: '1',
      filter: 'published = "" && submitted != ""',
    });
    expect(query('/api/collections/reports/records')).toEqual({
      page: '1',
      perPage: '1',
      filter: 'resolver = ""',
    });
    expect(query('/api/collections/users/records')).toEqual({ page: '1', perPage: '1' });
  });

  it('keeps "?" when the server cannot count yet', async () => {
    signIn({ roles: ['admin'] });
    await renderShell();
    const adminNav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    await waitFor(() => expect(fakeApi.requestsTo('/api/collections/users/records')).toHaveLength(1));
    expect(within(adminNav).getByTestId('admin-count-users').textContent).toBe('?');
  });
});
