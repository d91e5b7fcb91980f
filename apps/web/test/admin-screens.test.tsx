import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { REPORT_EXPAND } from '../src/features/moderation/api/get-open-reports';
import { fakeApi, listOf, type FakeRequest } from './fake-api';
import { fakeRealtime } from './fake-realtime';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';

const REPORTS = '/api/collections/reports/records';
const USERS = '/api/collections/users/records';
const STAFF = '/api/collections/staff_messages/records';
const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

const member = (id: string, username: string, name: string) => ({
  id,
  collectionId: '_pb_users_auth_',
  collectionName: 'users',
  username,
  expand: { profile: { id: `p-${id}`, name } },
});

function commentReport(id: string, reason: string) {
  return {
    id,
    collectionId: 'pbc_reports',
    collectionName: 'reports',
    user: 'reporter',
    reason,
    post: '',
    comment: `c-${id}`,
    profile: '',
    message: '',
    action: '',
    resolver: '',
    resolution: '',
    created: '2026-11-20 10:00:00.000Z',
    expand: {
      user: member('reporter', 'rita', 'Rita'),
      comment: {
        id: `c-${id}`,
        content: 'You are **awful**',
        author: 'troll',
        target: 'post1',
        expand: {
          author: member('troll', 'trolly', 'Trolly'),
          target: { id: 'post1', type: 'story', expand: { stories_via_post: { id: 'story1' } } },
        },
      },
    },
  };
}

/** Open reports, paged as the request asks; only the queue's own requests carry `expand`. */
function serveReports(reports: ReturnType<typeof commentReport>[]) {
  fakeApi.on('GET', REPORTS, (request) => {
    const page = Number(request.query.get('page'));
    const perPage = Number(request.query.get('perPage'));
    return {
      body: listOf(reports.slice((page - 1) * perPage, page * perPage), {
        page,
        perPage,
        totalItems: reports.length,
      }),
    };
  });
}
const queueRequests = () => fakeApi.requestsTo(REPORTS, 'GET').filter((r) => r.query.has('expand'));

describe('/admin/report-queue', () => {
  it('shows one open report at a time, oldest first, with the reported comment expanded and linked', async () => {
    signIn({ roles: ['moderator'] });
    serveReports([commentReport('r1', 'Insults me'), commentReport('r2', 'Spam')]);
    renderApp('/admin/report-queue');

    const entry = await screen.findByRole('article', { name: 'Report by Rita' });
    expect(within(entry).getByText('Insults me')).toBeTruthy();
    expect((await within(entry).findByText('awful')).tagName).toBe('STRONG');
    expect(within(entry).getByRole('link', { name: 'Trolly' }).getAttribute('href')).toBe('/profiles/trolly');
    expect(within(entry).getByRole('link', { name: 'Open the story it is on' }).getAttribute('href')).toBe(
      '/stories/story1',
    );
    expect(screen.queryByText('Spam')).toBeNull();
    expect(Object.fromEntries(queueRequests()[0]!.query)).toEqual({
      page: '1',
      perPage: '1',
      filter: 'resolver = ""',
      sort: 'created',
      expand: REPORT_EXPAND,
    });
  });

  it('says "Queue is Empty!" when no report is open', async () => {
    signIn({ roles: ['moderator'] });
    serveReports([]);
    renderApp('/admin/report-queue');
    expect(await screen.findByText('Queue is Empty!')).toBeTruthy();
  });

  it('resolves as the moderator and moves on; delete and ban need a resolution', async () => {
    signIn({ roles: ['moderator'] });
    let open = [commentReport('r1', 'Insults me'), commentReport('r2', 'Spam')];
    serveReports(open);
    fakeApi.on('PATCH', `${REPORTS}/r1`, (request) => {
      open = open.slice(1);
      serveReports(open);
      return { body: { ...commentReport('r1', 'x'), ...(request.body as object) } };
    });
    renderApp('/admin/report-queue');
    const entry = await screen.findByRole('article', { name: 'Report by Rita' });

    await userEvent.click(within(entry).getByRole('button', { name: 'Delete' }));
    // The message shows at the Resolution box, which takes the focus, not in a flash far above it.
    const box = within(entry).getByRole('textbox', { name: /^Resolution/ });
    expect(within(entry).getByText('Specify a reason for deleting the reported item')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    await userEvent.click(within(entry).getByRole('button', { name: 'Ban' }));
    expect(within(entry).getByText('Specify a reason for banning the author')).toBeTruthy();
    expect(flashTexts()).toEqual([]);
    expect(fakeApi.requestsTo(`${REPORTS}/r1`, 'PATCH')).toHaveLength(0);

    await userEvent.type(within(entry).getByRole('textbox', { name: /^Resolution/ }), 'Abusive. ');
    await userEvent.click(within(entry).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Spam')).toBeTruthy();
    expect(flashTexts()).toContain('success: Report resolved and the reported item deleted');
    expect(fakeApi.requestsTo(`${REPORTS}/r1`, 'PATCH').map((r) => r.body)).toEqual([
      { resolver: USER_ID, action: 'delete', resolution: 'Abusive.' },
    ]);
  });

  it('shows the server’s refusal and keeps the report', async () => {
    signIn({ roles: ['moderator'] });
    serveReports([commentReport('r1', 'Insults me')]);
    fakeApi.on('PATCH', `${REPORTS}/r1`, {
      status: 400,
      body: { status: 400, message: 'Failed to update record.', data: {} },
    });
    renderApp('/admin/report-queue');
    const entry = await screen.findByRole('article', { name: 'Report by Rita' });
    await userEvent.click(within(entry).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(flashTexts()).toEqual(['error: Failed to update record.']));
    expect(screen.getByRole('article', { name: 'Report by Rita' })).toBeTruthy();
  });
});

const directoryUser = (id: string, username: string, extra: object = {}) => ({
  ...member(id, username, username.toUpperCase()),
  roles: [],
  verified: true,
  is_banned: false,
  created: '2026-01-02 10:00:00.000Z',
  ...extra,
});

/** The directory's own requests (the admin navigation counts users with perPage 1). */
const directoryRequests = () =>
  fakeApi.requestsTo(USERS, 'GET').filter((r) => r.query.get('perPage') === '100');

function serveUsers(users: ReturnType<typeof directoryUser>[]) {
  fakeApi.on('GET', USERS, (request: FakeRequest) => ({
    body: listOf(users, { perPage: Number(request.query.get('perPage')) }),
  }));
}

describe('/admin/users', () => {
  it('asks for 100 per page sorted by created ascending by default, and shows each member', async () => {
    signIn({ roles: ['moderator'] });
    serveUsers([
      directoryUser('u1', 'alice', { roles: ['tester'] }),
      directoryUser('u2', 'bob', { is_banned: true }),
    ]);
    renderApp('/admin/users');
    const row = await screen.findByTestId('user-row-alice');
    expect(within(row).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/profiles/alice');
    expect(within(row).getByText('ALICE')).toBeTruthy();
    expect(within(row).getByText('tester')).toBeTruthy();
    expect(within(screen.getByTestId('user-row-bob')).getByText('Banned')).toBeTruthy();
    expect(Object.fromEntries(directoryRequests()[0]!.query)).toEqual({
      page: '1',
      perPage: '100',
      sort: '+created',
      expand: 'profile',
    });
  });

  it('sends sortBy and sortDirection as a +/- sort, and a header click changes them', async () => {
    signIn({ roles: ['moderator'] });
    serveUsers([directoryUser('u1', 'alice')]);
    const { router } = renderApp('/admin/users?sortBy=created&sortDirection=desc');
    await screen.findByTestId('user-row-alice');
    expect(directoryRequests()[0]!.query.get('sort')).toBe('-created');
    await userEvent.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(directoryRequests().at(-1)!.query.get('sort')).toBe('+username'));
    expect(currentUrl(router)).toBe('/admin/users?sortBy=username&sortDirection=asc');
  });

  it('a moderator bans with a reason and sees no roles control', async () => {
    signIn({ roles: ['moderator'] });
    serveUsers([directoryUser('u1', 'alice')]);
    fakeApi.on('PATCH', `${USERS}/u1`, (request) => ({
      body: { ...directoryUser('u1', 'alice'), ...(request.body as object) },
    }));
    renderApp('/admin/users');
    const row = await screen.findByTestId('user-row-alice');
    expect(within(row).queryByRole('button', { name: 'Roles' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban ALICE' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('Give a reason: the moderation log keeps it')).toBeTruthy();
    expect(fakeApi.requestsTo(`${USERS}/u1`, 'PATCH')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Spam accounts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(flashTexts()).toContain('success: Member banned'));
    const [ban] = fakeApi.requestsTo(`${USERS}/u1`, 'PATCH');
    expect(ban!.body).toEqual({ is_banned: true });
    expect(ban!.query.get('reason')).toBe('Spam accounts');
  });

  it('an admin changes roles', async () => {
    signIn({ roles: ['admin'] });
    serveUsers([directoryUser('u1', 'alice')]);
    fakeApi.on('PATCH', `${USERS}/u1`, (request) => ({
      body: { ...directoryUser('u1', 'alice'), ...(request.body as object) },
    }));
    renderApp('/admin/users');
    const row = await screen.findByTestId('user-row-alice');
    await userEvent.click(within(row).getByRole('button', { name: 'Roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of ALICE' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'moderator' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(flashTexts()).toContain('success: Roles saved'));
    expect(fakeApi.requestsTo(`${USERS}/u1`, 'PATCH').map((r) => r.body)).toEqual([{ roles: ['moderator'] }]);
  });

  it('an admin deletes an account with the choices and a reason (issue 45)', async () => {
    const DELETE_MEMBER = '/api/account/delete-member';
    signIn({ roles: ['admin'] });
    serveUsers([directoryUser('u1', 'alice', { is_banned: true })]);
    fakeApi.on('POST', DELETE_MEMBER, { status: 204 });
    renderApp('/admin/users');
    const row = await screen.findByTestId('user-row-alice');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the account of ALICE' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Give a reason: the moderation log keeps it')).toBeTruthy();
    expect(fakeApi.requestsTo(DELETE_MEMBER)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Delete them' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), ' Banned spammer ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(flashTexts()).toContain('success: Account deleted'));
    expect(fakeApi.requestsTo(DELETE_MEMBER).map((r) => r.body)).toEqual([
      { user: 'u1', works: 'delete', discussions: 'keep', reason: 'Banned spammer' },
    ]);
  });
});

describe('/admin', () => {
  it('shows the counts ("?" until known, then with separators), recent decisions and the live staff chat', async () => {
    signIn({ roles: ['moderator'] });
    let releaseCounts!: () => void;
    const countsReady = new Promise<void>((resolve) => (releaseCounts = resolve));
    fakeApi.on('GET', USERS, async () => {
      await countsReady;
      return { body: listOf([], { totalItems: 12345 }) };
    });
    fakeApi.on('GET', '/api/collections/moderation_log/records', {
      body: listOf([
        {
          id: 'l1',
          action: 'ban',
          target_collection: 'users',
          summary: 'trolly',
          reason: 'Abuse',
          created: '2026-11-24 10:00:00.000Z',
          expand: { moderator: member('m1', 'mona', 'Mona') },
        },
      ]),
    });
    fakeApi.on('GET', STAFF, {
      body: listOf([
        {
          id: 's1',
          author: 'm1',
          content: 'Morning all',
          created: '2026-11-25 08:00:00.000Z',
          expand: { author: member('m1', 'mona', 'Mona') },
        },
      ]),
    });
    fakeApi.on('POST', STAFF, (request) => ({
      body: {
        id: 's2',
        ...(request.body as object),
        created: '2026-11-25 09:00:00.000Z',
        expand: { author: member(USER_ID, 'tiny_tom', 'Tom') },
      },
    }));
    renderApp('/admin');

    const members = await screen.findByTestId('dashboard-count-users');
    expect(members.textContent).toBe('?');
    releaseCounts();
    await waitFor(() => expect(members.textContent).toBe('12,345'));

    const decisions = await screen.findByRole('region', { name: 'Recent moderation decisions' });
    expect(await within(decisions).findByText(/banned trolly/)).toBeTruthy();
    expect(within(decisions).getByText('Abuse', { exact: false })).toBeTruthy();

    const chat = screen.getByRole('region', { name: 'Staff chat' });
    expect(await within(chat).findByText('Morning all')).toBeTruthy();
    await userEvent.type(within(chat).getByRole('textbox', { name: 'Message the staff' }), 'On it{Enter}');
    expect(await within(chat).findByText('On it')).toBeTruthy();
    expect(fakeApi.requestsTo(STAFF, 'POST').map((r) => r.body)).toEqual([
      { author: USER_ID, content: 'On it' },
    ]);

    fakeRealtime.connect();
    let topic = '';
    await waitFor(() => {
      const topics = fakeRealtime.subscriptions() as string[];
      topic = topics.find((t) => t.startsWith('staff_messages/*')) ?? '';
      expect(topic).not.toBe('');
    });
    fakeRealtime.emit(topic, {
      action: 'create',
      record: { id: 's3', author: 'm1', content: 'Live hello', created: '2026-11-25 09:01:00.000Z' },
    });
    expect(await within(chat).findByText('Live hello')).toBeTruthy();
  });
});
