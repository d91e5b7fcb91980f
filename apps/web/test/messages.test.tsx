/**
 * Direct messages (issue 18; spec part 2 §2, §5, §7, §8, §9): the conversation list, a conversation, the
 * header inbox, with the spec's texts word for word, through the real SDK against the fake server.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteLinksIn } from '../src/features/messages/api/get-link-preview';
import { bodyOf, deferred, fakeApi, listOf, type FakeReply } from './fake-api';
import { fakeRealtime } from './fake-realtime';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID, header, renderShell } from './shell-helpers';

const CONVERSATIONS = '/api/collections/conversations/records';
const MESSAGES = '/api/collections/messages/records';
const PROFILES = '/api/collections/profiles/records';
const REPORTS = '/api/collections/reports/records';

const ANN = 'ann456789012345';
const BEN = 'ben456789012345';
const pair = (a: string, b: string) => [a, b].sort().join(':');

function profile(user: string, name: string) {
  return {
    id: `p_${user}`.slice(0, 15),
    collectionId: 'pbc_profiles',
    collectionName: 'profiles',
    user,
    name,
  };
}

function conversation(other: string, overrides: Record<string, unknown> = {}) {
  const id = pair(USER_ID, other);
  const viewerIsA = id.startsWith(USER_ID);
  const unread = (overrides.unread as number | undefined) ?? 0;
  return {
    id,
    collectionId: 'pbc_conversations',
    collectionName: 'conversations',
    count: 3,
    lastMessageId: 'm1',
    lastMessageContent: 'See you at the lighthouse',
    lastTimestamp: '2026-03-02 10:00:00.000Z',
    unreadForA: viewerIsA ? unread : 0,
    unreadForB: viewerIsA ? 0 : unread,
    ...overrides,
  };
}

function message(id: string, from: string, to: string, content: string, extra: Record<string, unknown> = {}) {
  const name = from === ANN ? 'Ann Tall' : from === BEN ? 'Ben Small' : undefined;
  return {
    id,
    collectionId: 'pbc_messages',
    collectionName: 'messages',
    from,
    to,
    subject: '',
    content,
    attachments: [],
    is_read: false,
    created: `2026-03-02 10:0${id.slice(-1)}:00.000Z`,
    expand: { from: { id: from, username: 'x', expand: name ? { profile: profile(from, name) } : {} } },
    ...extra,
  };
}

function serveProfiles() {
  fakeApi.on('GET', PROFILES, () => ({
    body: listOf([profile(ANN, 'Ann Tall'), profile(BEN, 'Ben Small')]),
  }));
  fakeApi.on('GET', `/api/collections/users/records/${ANN}`, {
    body: { id: ANN, username: 'ann_tall', expand: { profile: profile(ANN, 'Ann Tall') } },
  });
}

function serveThread(items: ReturnType<typeof message>[]) {
  fakeApi.on('GET', MESSAGES, (request) => {
    if (request.query.get('filter')?.includes('is_read = false')) return { body: listOf([]) };
    return { body: listOf(items, { perPage: 200 }) };
  });
}

afterEach(() => vi.unstubAllGlobals());

// jsdom has no `document.fonts`; the report dialog's autosizing Reason box listens to it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

describe('/messages', () => {
  it('shows "Loading conversations…", then "No conversations found."', async () => {
    signIn();
    const answer = deferred<FakeReply>();
    fakeApi.on('GET', CONVERSATIONS, () => answer.promise);
    renderApp('/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(await screen.findByText('Loading conversations…')).toBeTruthy();
    answer.resolve({ body: listOf([]) });
    expect(await screen.findByText('No conversations found.')).toBeTruthy();
    const [request] = fakeApi.requestsTo(CONVERSATIONS, 'GET');
    expect(Object.fromEntries(request!.query)).toMatchObject({
      page: '1',
      perPage: '100',
      filter: `id ~ "${USER_ID}" && request != "${USER_ID}" && declined_by != "${USER_ID}"`,
      sort: '-lastTimestamp',
    });
  });

  it('shows a tile per conversation: name, unread badge capped at "99+", snippet or "No messages yet"', async () => {
    signIn();
    serveProfiles();
    fakeApi.on('GET', CONVERSATIONS, {
      body: listOf([
        conversation(ANN, { unread: 150 }),
        conversation(BEN, { count: 0, lastMessageContent: '', lastTimestamp: '', unread: 0 }),
      ]),
    });
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const ann = await within(list).findByRole('link', { name: 'Ann Tall, 99+ unread' });
    expect(ann.getAttribute('href')).toBe(`/messages/${pair(USER_ID, ANN)}`);
    expect(within(ann).getByText('99+')).toBeTruthy();
    // The link covers its tile; the snippet sits in the same tile.
    const annTile = ann.closest<HTMLElement>('[data-conversation-tile]')!;
    expect(within(annTile).getByText('See you at the lighthouse')).toBeTruthy();
    const ben = within(list).getByRole('link', { name: 'Ben Small' });
    const benTile = ben.closest<HTMLElement>('[data-conversation-tile]')!;
    expect(within(benTile).getByText('No messages yet')).toBeTruthy();
    expect(within(benTile).queryByTestId('unread-badge')).toBeNull();
  });

  it('toasts "DM error: {message}" for a server failure and says "Failed to load conversations."', async () => {
    signIn();
    fakeApi.on('GET', CONVERSATIONS, {
      status: 403,
      body: { status: 403, message: 'Not for you.', data: {} },
    });
    renderApp('/messages');
    expect(await screen.findByText('Failed to load conversations.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('DM error: Not for you.'),
    );
  });

  it('says "Failed to load conversations." when the request fails without an answer', async () => {
    signIn();
    fakeApi.on('GET', CONVERSATIONS, () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/messages');
    expect(await screen.findByText('Failed to load conversations.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/^DM error/)).toBeNull();
  });

  it('searches by the other member’s name after the debounce', async () => {
    signIn();
    serveProfiles();
    fakeApi.on('GET', CONVERSATIONS, { body: listOf([conversation(ANN)]) });
    renderApp('/messages');
    await screen.findByRole('link', { name: 'Ann Tall' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'ann');
    await waitFor(() =>
      expect(fakeApi.requestsTo(PROFILES, 'GET').some((r) => r.query.get('filter')?.includes('name ~'))).toBe(
        true,
      ),
    );
    const search = fakeApi.requestsTo(PROFILES, 'GET').find((r) => r.query.get('filter')?.includes('name ~'));
    expect(search!.query.get('filter')).toBe('name ~ "ann" || username ~ "ann"');
    await waitFor(() =>
      expect(
        fakeApi
          .requestsTo(CONVERSATIONS, 'GET')
          .some((r) => r.query.get('filter')?.includes(`&& (id ~ "${ANN}" || id ~ "${BEN}")`)),
      ).toBe(true),
    );
  });

  it('opens the conversation with a member from ?with=<userId> (a profile’s Send Message)', async () => {
    signIn();
    serveProfiles();
    serveThread([]);
    const { router } = renderApp(`/messages?with=${ANN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation with Ann Tall' })).toBeTruthy();
    expect(currentUrl(router)).toBe(`/messages/${pair(USER_ID, ANN)}`);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });
});

describe('message requests and who may message me', () => {
  it('lists requests under their tab with Accept and Decline, which answer the request', async () => {
    signIn();
    serveProfiles();
    fakeApi.on('GET', CONVERSATIONS, (request) =>
      request.query.get('filter')?.includes('request = ')
        ? { body: listOf([conversation(ANN, { unread: 1, request: USER_ID })]) }
        : { body: listOf([]) },
    );
    fakeApi.on('GET', '/api/collections/message_requests/records', {
      body: listOf([{ id: 'req1', from: ANN, to: USER_ID, status: 'pending' }]),
    });
    fakeApi.on('PATCH', '/api/collections/message_requests/records/req1', { body: { id: 'req1' } });
    const { router } = renderApp('/messages');
    expect(await screen.findByText('No conversations found.')).toBeTruthy();
    await userEvent.click(await screen.findByRole('tab', { name: /Requests/ }));
    expect(currentUrl(router)).toBe('/messages?box=requests');
    expect(await screen.findByRole('link', { name: 'Ann Tall, 1 unread' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Decline Ann Tall' }));
    await waitFor(() =>
      expect(fakeApi.requestsTo('/api/collections/message_requests/records/req1', 'PATCH')).toHaveLength(1),
    );
    const [lookup] = fakeApi.requestsTo('/api/collections/message_requests/records', 'GET');
    expect(lookup!.query.get('filter')).toBe(`from = "${ANN}" && to = "${USER_ID}"`);
    expect(bodyOf(fakeApi.requestsTo('/api/collections/message_requests/records/req1', 'PATCH')[0]!)).toEqual(
      {
        status: 'declined',
      },
    );
  });

  it('saves "Who may message me" into the member’s settings, keeping the others', async () => {
    signIn();
    fakeApi.on('GET', CONVERSATIONS, { body: listOf([]) });
    fakeApi.on('PATCH', `/api/collections/users/records/${USER_ID}`, (request) => ({
      body: { id: USER_ID, collectionName: 'users', username: 'tiny_tom', ...(request.body as object) },
    }));
    renderApp('/settings');
    const choices = await screen.findByRole('radiogroup', { name: 'Who may message me' }, { timeout: 5000 });
    expect(within(choices).getByRole('radio', { name: 'Everyone' })).toHaveProperty('checked', true);
    await userEvent.click(within(choices).getByRole('radio', { name: 'Nobody (staff always can)' }));
    expect(await screen.findByText('Settings saved successfully.')).toBeTruthy();
    const [saved] = fakeApi.requestsTo(`/api/collections/users/records/${USER_ID}`, 'PATCH');
    expect(saved!.body).toEqual({ settings: { theme: 'auto', messages_from: 'nobody' } });
  });
});

describe('/messages/{conversationId}', () => {
  const path = `/messages/${pair(USER_ID, ANN)}`;

  it('shows the thread oldest first, "You" for one’s own, the sender’s name, else "User"', async () => {
    signIn();
    serveProfiles();
    serveThread([
      message('m1', ANN, USER_ID, 'Hello **there**', { is_read: true }),
      message('m2', USER_ID, ANN, 'Hi Ann'),
      message('m3', ANN, USER_ID, 'Nameless', { is_read: true, expand: {} }),
    ]);
    renderApp(path);
    const thread = await screen.findByRole('list', { name: 'Messages' });
    const items = within(thread).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByTestId('sender').textContent)).toEqual([
      'Ann Tall',
      'You',
      'User',
    ]);
    const [request] = fakeApi.requestsTo(MESSAGES, 'GET').filter((r) => r.query.get('expand'));
    expect(request!.query.get('sort')).toBe('created,id');
    expect(request!.query.get('expand')).toBe('from,from.profile');
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('rows')).toBe('3');
    expect(screen.getByLabelText('Attachments').getAttribute('name')).toBe('attachments');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('marks the viewer’s unread messages read on load, ignoring failures', async () => {
    signIn();
    serveProfiles();
    serveThread([
      message('m1', ANN, USER_ID, 'One'),
      message('m2', ANN, USER_ID, 'Two'),
      message('m3', USER_ID, ANN, 'Mine'),
    ]);
    fakeApi.on('PATCH', `${MESSAGES}/m1`, { body: message('m1', ANN, USER_ID, 'One', { is_read: true }) });
    fakeApi.on('PATCH', `${MESSAGES}/m2`, { status: 403, body: { status: 403, message: 'No.', data: {} } });
    renderApp(path);
    const patches = () => fakeApi.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith(MESSAGES));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches().map((r) => [r.path, r.body])).toEqual([
      [`${MESSAGES}/m1`, { is_read: true }],
      [`${MESSAGES}/m2`, { is_read: true }],
    ]);
    expect(screen.queryByText(/No\.|DM error/)).toBeNull();
  });

  it('sends with attachments: "Message sent" and an empty form', async () => {
    signIn();
    serveProfiles();
    serveThread([]);
    fakeApi.on('POST', MESSAGES, { body: message('m9', USER_ID, ANN, 'Hello') });
    renderApp(path);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello');
    const file = new File(['png'], 'map.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Attachments'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeTruthy();
    const [sent] = fakeApi.requestsTo(MESSAGES, 'POST');
    expect(bodyOf(sent!)).toEqual({
      from: USER_ID,
      to: ANN,
      subject: '',
      content: 'Hello',
      attachments: 'file:map.png',
    });
    await waitFor(() =>
      expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe(''),
    );
  });

  it('shows "DM error: {message}" per message when sending fails, and keeps the form', async () => {
    signIn();
    serveProfiles();
    serveThread([]);
    fakeApi.on('POST', MESSAGES, {
      status: 429,
      body: { status: 429, message: 'You are doing that too often. Try again in 42 seconds.', data: {} },
    });
    renderApp(path);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Too fast');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('DM error: You are doing that too often. Try again in 42 seconds.'),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('Too fast');
    expect(screen.queryByText('Message sent')).toBeNull();
  });

  it('sends nothing where the other member cannot be determined', async () => {
    signIn();
    serveThread([]);
    renderApp(`/messages/${pair(ANN, BEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(fakeApi.requestsTo(MESSAGES, 'POST')).toHaveLength(0);
  });

  it('says "No message to report in this conversation." for an empty thread', async () => {
    signIn();
    serveProfiles();
    serveThread([]);
    renderApp(path);
    await screen.findByText('No messages yet');
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('No message to report in this conversation.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports the other member’s latest message: "Report sent successfully."; failure alerts', async () => {
    signIn();
    serveProfiles();
    serveThread([
      message('m1', ANN, USER_ID, 'Rude', { is_read: true }),
      message('m2', USER_ID, ANN, 'Please stop'),
    ]);
    fakeApi.on('POST', REPORTS, { status: 400, body: { status: 400, message: 'Try later.', data: {} } });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderApp(path);
    await screen.findByRole('list', { name: 'Messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Message' }, { timeout: 5000 });
    expect(within(dialog).getByText('Why are you reporting this message?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Insults');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'There was an error reporting the content. Please contact a moderator directly through the contact page.\nTry later.',
      ),
    );
    fakeApi.on('POST', REPORTS, { body: { id: 'r1' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Report sent successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.requestsTo(REPORTS, 'POST').map((r) => r.body)).toEqual([
      { user: USER_ID, reason: 'Insults', message: 'm1' },
      { user: USER_ID, reason: 'Insults', message: 'm1' },
    ]);
  });

  it('opens a message id in its conversation', async () => {
    signIn();
    serveProfiles();
    serveThread([message('m1', ANN, USER_ID, 'Found me', { is_read: true })]);
    fakeApi.on('GET', `${MESSAGES}/m1xxxxxxxxxxxx`, {
      body: message('m1xxxxxxxxxxxx', ANN, USER_ID, 'Found me'),
    });
    const { router } = renderApp('/messages/m1xxxxxxxxxxxx');
    await screen.findByRole('heading', { level: 1, name: 'Conversation with Ann Tall' });
    expect(currentUrl(router)).toBe(`/messages/${pair(USER_ID, ANN)}#message-m1xxxxxxxxxxxx`);
  });
});

describe('the header inbox', () => {
  it('lists the unread messages with their senders and opens their conversation; reloads on live events', async () => {
    signIn();
    serveProfiles();
    let unread = [message('m2', ANN, USER_ID, 'Second'), message('m1', BEN, USER_ID, 'First')];
    fakeApi.on('GET', MESSAGES, () => ({ body: listOf(unread, { perPage: 10 }) }));
    const { router } = await renderShell();
    await within(header()).findByRole('link', { name: 'Messages (2 unread)' });
    fakeRealtime.connect();
    await waitFor(() => expect(fakeRealtime.subscriptions()).toContain('messages/*'));

    unread = [message('m3', ANN, USER_ID, 'Third'), ...unread];
    fakeRealtime.emit('messages/*', { action: 'create', record: unread[0] });
    await within(header()).findByRole('link', { name: 'Messages (3 unread)' });

    await userEvent.click(within(header()).getByRole('button', { name: 'Inbox' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.textContent !== 'View All');
    expect(items.map((item) => item.textContent)).toEqual([
      'Ann TallThird',
      'Ann TallSecond',
      'Ben SmallFirst',
    ]);
    await userEvent.click(items[2]!);
    await waitFor(() => expect(currentUrl(router)).toBe(`/messages/${pair(USER_ID, BEN)}`));
  });
});

describe('link previews', () => {
  it('finds links to this site’s own stories, series, forum posts and profiles, never outside ones', () => {
    const origin = 'https://size.example';
    const content = [
      'Read https://size.example/stories/abcdefghijklmno and /series/bcdefghijklmnop',
      '[thread](https://size.example/forums/forumforumforum/posts/postpostpostpos)',
      'and https://elsewhere.example/stories/abcdefghijklmno or https://size.example/profiles/ann_tall',
      'but not https://size.example/profiles/me',
    ].join('\n');
    expect(siteLinksIn(content, origin).map((link) => [link.kind, link.key])).toEqual([
      ['story', 'abcdefghijklmno'],
      ['series', 'bcdefghijklmnop'],
      ['forum-post', 'postpostpostpos'],
    ]);
    expect(siteLinksIn('https://size.example/profiles/ann_tall', origin)).toEqual([
      { kind: 'profile', key: 'ann_tall', path: '/profiles/ann_tall' },
    ]);
  });
});
