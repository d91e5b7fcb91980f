import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { patchList } from '../src/features/notifications/api/live-notifications';
import { inDisplayOrder, type NotificationRecord } from '../src/features/notifications/api/types';
import { fakeApi, listOf } from './fake-api';
import { fakeRealtime } from './fake-realtime';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID, header, renderShell } from './shell-helpers';

const NOTIFICATIONS = '/api/collections/notifications/records';

/** The realtime topics, sorted: the header's messages link subscribes to `messages/*` beside these. */
const subscribedTopics = () => [...((fakeRealtime.subscriptions() as string[] | undefined) ?? [])].sort();

function notification(id: string, content: string, created: string, read = false): NotificationRecord {
  return {
    id,
    collectionId: 'pbc_notifications',
    collectionName: 'notifications',
    user: USER_ID,
    icon: 'comment',
    content,
    href: `/stories/s1#comment-${id}`,
    read,
    created: `2026-03-0${created} 10:00:00.000Z`,
  };
}

/** Serves the member's notifications for both lists, as the filter asks. */
function serveNotifications(items: NotificationRecord[]) {
  fakeApi.on('GET', NOTIFICATIONS, (request) => {
    const unreadOnly = request.query.get('filter')?.includes('read = false');
    const matching = items.filter((item) => !unreadOnly || !item.read);
    return { body: listOf(matching, { perPage: 10000 }) };
  });
}

/** Counts what the Web Audio chime does. */
function stubAudio() {
  const oscillators = vi.fn();
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain = () => ({
      connect: () => undefined,
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
    });
    createOscillator = () => {
      oscillators();
      return {
        type: 'sine',
        frequency: { setValueAtTime: () => undefined },
        connect: () => undefined,
        start: () => undefined,
        stop: () => undefined,
      };
    };
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return oscillators;
}

async function openDropdown() {
  await userEvent.click(await within(header()).findByRole('button', { name: 'Notifications' }));
}

describe('live notifications in the header', () => {
  it('subscribes to all notification events and adds a new one, with the sound', async () => {
    signIn();
    const chime = stubAudio();
    serveNotifications([notification('n1', 'Older news', '1')]);
    await renderShell();
    await waitFor(() => expect(within(header()).getByText('1')).toBeTruthy());
    fakeRealtime.connect();
    await waitFor(() =>
      expect(subscribedTopics()).toEqual(expect.arrayContaining(['messages/*', 'notifications/*'])),
    );

    fakeRealtime.emit('notifications/*', {
      action: 'create',
      record: notification('n2', 'New comment on "Maps"', '2'),
    });
    await waitFor(() => expect(within(header()).getByText('2')).toBeTruthy());
    expect(chime).toHaveBeenCalled();
    await openDropdown();
    const items = await screen.findAllByRole('menuitem', { name: /comment|news/i });
    expect(items.map((item) => item.textContent)).toEqual(['New comment on "Maps"', 'Older news']);
  });

  it('stays silent when the member turned the sound off, and for old or read notifications', async () => {
    signIn({ settings: { theme: 'auto', notification_sound: false } });
    const chime = stubAudio();
    serveNotifications([notification('n1', 'Older news', '5')]);
    await renderShell();
    await waitFor(() => expect(within(header()).getByText('1')).toBeTruthy());
    fakeRealtime.connect();
    await waitFor(() =>
      expect(subscribedTopics()).toEqual(expect.arrayContaining(['messages/*', 'notifications/*'])),
    );
    fakeRealtime.emit('notifications/*', { action: 'create', record: notification('n2', 'Quiet', '6') });
    await waitFor(() => expect(within(header()).getByText('2')).toBeTruthy());
    expect(chime).not.toHaveBeenCalled();
  });

  it('plays only for a newer unread notification', async () => {
    signIn();
    const chime = stubAudio();
    serveNotifications([notification('n1', 'Latest', '5')]);
    await renderShell();
    await waitFor(() => expect(within(header()).getByText('1')).toBeTruthy());
    fakeRealtime.connect();
    await waitFor(() =>
      expect(subscribedTopics()).toEqual(expect.arrayContaining(['messages/*', 'notifications/*'])),
    );
    fakeRealtime.emit('notifications/*', { action: 'create', record: notification('n0', 'Backdated', '4') });
    fakeRealtime.emit('notifications/*', { action: 'create', record: notification('n3', 'Read', '6', true) });
    await waitFor(() => expect(within(header()).getByText('2')).toBeTruthy());
    expect(chime).not.toHaveBeenCalled();
  });

  it('replaces an updated one, drops it once read, and removes a deleted one', async () => {
    signIn();
    stubAudio();
    serveNotifications([notification('n1', 'A member liked "Maps"', '1'), notification('n2', 'Reply', '2')]);
    await renderShell();
    await waitFor(() => expect(within(header()).getByText('2')).toBeTruthy());
    fakeRealtime.connect();
    await waitFor(() =>
      expect(subscribedTopics()).toEqual(expect.arrayContaining(['messages/*', 'notifications/*'])),
    );

    fakeRealtime.emit('notifications/*', {
      action: 'update',
      record: notification('n1', '2 members liked "Maps"', '1'),
    });
    await openDropdown();
    expect(await screen.findByRole('menuitem', { name: '2 members liked "Maps"' })).toBeTruthy();
    fakeRealtime.emit('notifications/*', {
      action: 'update',
      record: notification('n2', 'Reply', '2', true),
    });
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Reply' })).toBeNull());
    fakeRealtime.emit('notifications/*', { action: 'delete', record: notification('n1', '', '1') });
    expect(await screen.findByText('No unread notifications')).toBeTruthy();
    expect(within(header()).queryByText('1')).toBeNull();
  });
});

describe('following a notification', () => {
  it('marks it read and refreshes what the open page shows', async () => {
    signIn();
    const stories = '/api/collections/stories/records';
    fakeApi.on('GET', stories, { body: listOf([]) });
    serveNotifications([{ ...notification('n1', 'Your submission was published', '1'), href: '/stories' }]);
    fakeApi.on('PATCH', `${NOTIFICATIONS}/n1`, { body: {} });
    renderApp('/stories');
    await screen.findByText('There are no published stories yet.');
    expect(fakeApi.requestsTo(stories)).toHaveLength(1);

    await openDropdown();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Your submission was published' }));
    await waitFor(() => expect(fakeApi.requestsTo(stories)).toHaveLength(2));
    expect(fakeApi.requestsTo(`${NOTIFICATIONS}/n1`, 'PATCH')[0]?.body).toEqual({ read: true });
  });

  it('says a story removed since the notice was removed, not only that it does not exist', async () => {
    signIn();
    serveNotifications([{ ...notification('n1', 'New comment on "Gone"', '1'), href: '/stories/gone' }]);
    fakeApi.on('PATCH', `${NOTIFICATIONS}/n1`, { body: {} });
    fakeApi.on('GET', '/api/collections/stories/records/gone', {
      status: 404,
      body: { status: 404, message: "The requested resource wasn't found.", data: {} },
    });
    const { router } = renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(within(list).getByRole('link', { name: 'New comment on "Gone"' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/stories/gone'));
    expect(await screen.findByText("That story doesn't seem to exist.")).toBeTruthy();
    expect(screen.getByText('It was removed after this notification was sent.')).toBeTruthy();

    // Typed in by hand, the same address cannot know the story ever existed.
    await act(() => router.navigate('/stories/gone'));
    await waitFor(() =>
      expect(screen.queryByText('It was removed after this notification was sent.')).toBeNull(),
    );
    expect(screen.getByText("That story doesn't seem to exist.")).toBeTruthy();
  });
});

describe('/notifications', () => {
  it('lists every notification, unread first then newest, and marks all read', async () => {
    signIn();
    serveNotifications([
      notification('n3', 'Newest, read', '4', true),
      notification('n2', 'Newer, unread', '3'),
      notification('n1', 'Older, unread', '2'),
      notification('n0', 'Oldest, read', '1', true),
    ]);
    fakeApi.on('PATCH', `${NOTIFICATIONS}/n1`, { body: {} });
    fakeApi.on('PATCH', `${NOTIFICATIONS}/n2`, { body: {} });
    renderApp('/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Newer, unread', 'Older, unread', 'Newest, read', 'Oldest, read']);
    const all = fakeApi
      .requestsTo(NOTIFICATIONS, 'GET')
      .find((r) => !r.query.get('filter')?.includes('read = false'));
    expect(Object.fromEntries(all!.query)).toEqual({
      page: '1',
      perPage: '10000',
      filter: `user = "${USER_ID}"`,
      sort: '-created',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Mark All Read' }));
    await waitFor(() => expect(fakeApi.requestsTo(`${NOTIFICATIONS}/n2`, 'PATCH')).toHaveLength(1));
    expect(fakeApi.requestsTo(`${NOTIFICATIONS}/n1`, 'PATCH')[0]?.body).toEqual({ read: true });
    expect(fakeApi.requestsTo(`${NOTIFICATIONS}/n3`, 'PATCH')).toHaveLength(0);
  });

  it('updates live on create, update and delete', async () => {
    signIn();
    stubAudio();
    serveNotifications([notification('n1', 'First', '1')]);
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    fakeRealtime.connect();
    await waitFor(() =>
      expect(subscribedTopics()).toEqual(expect.arrayContaining(['messages/*', 'notifications/*'])),
    );

    fakeRealtime.emit('notifications/*', { action: 'create', record: notification('n2', 'Second', '2') });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Second', 'First']),
    );
    fakeRealtime.emit('notifications/*', {
      action: 'update',
      record: notification('n2', 'Second', '2', true),
    });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['First', 'Second']),
    );
    fakeRealtime.emit('notifications/*', { action: 'delete', record: notification('n1', 'First', '1') });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Second']),
    );
  });

  it('reloads what is on screen when the live connection comes back after a break, not on the first', async () => {
    signIn();
    stubAudio();
    const items = [notification('n1', 'First', '1')];
    serveNotifications(items);
    renderApp('/notifications');
    await screen.findByText('First');
    const loads = () => fakeApi.requestsTo(NOTIFICATIONS, 'GET').length;
    const beforeConnecting = loads();
    fakeRealtime.connect();
    await waitFor(() => expect(subscribedTopics()).toContain('notifications/*'));
    expect(loads()).toBe(beforeConnecting);

    // A notice made while the connection was down is never sent; the server greets a new connection.
    items.unshift(notification('n2', 'Missed while away', '2'));
    fakeRealtime.connect('client2');
    await screen.findByText('Missed while away');
    expect(loads()).toBeGreaterThan(beforeConnecting);
  });

  it('marks a notification read when it is followed', async () => {
    signIn();
    serveNotifications([notification('n1', 'New comment', '1')]);
    fakeApi.on('PATCH', `${NOTIFICATIONS}/n1`, { body: {} });
    const { router } = renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(within(list).getByRole('link', { name: 'New comment' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/stories/s1#comment-n1'));
    await waitFor(() => expect(fakeApi.requestsTo(`${NOTIFICATIONS}/n1`, 'PATCH')).toHaveLength(1));
  });

  it('says so when there are none', async () => {
    signIn();
    serveNotifications([]);
    renderApp('/notifications');
    expect(await screen.findByText('You have no notifications.')).toBeTruthy();
  });
});

describe('notification lists', () => {
  const cached = {
    page: 1,
    perPage: 10000,
    totalPages: 1,
    totalItems: 1,
    items: [notification('n1', 'One', '1')],
  };

  it('adds a created one only if it is not listed yet', () => {
    const created = notification('n2', 'Two', '2');
    const once = patchList(cached, 'unread', { action: 'create', record: created });
    expect(once?.items.map((i) => i.id)).toEqual(['n2', 'n1']);
    expect(once?.totalItems).toBe(2);
    const twice = patchList(once, 'unread', { action: 'create', record: created });
    expect(twice?.items.map((i) => i.id)).toEqual(['n2', 'n1']);
    expect(twice?.totalItems).toBe(2);
  });

  it('keeps read ones out of the unread list but in the full list', () => {
    const read = notification('n1', 'One', '1', true);
    expect(patchList(cached, 'unread', { action: 'update', record: read })?.items).toEqual([]);
    expect(patchList(cached, 'all', { action: 'update', record: read })?.items).toEqual([read]);
  });

  it('orders unread first, then newest', () => {
    const items = [
      notification('a', 'a', '1', true),
      notification('b', 'b', '2'),
      notification('c', 'c', '3', true),
      notification('d', 'd', '1'),
    ];
    expect(inDisplayOrder(items).map((i) => i.id)).toEqual(['b', 'd', 'c', 'a']);
  });
});
