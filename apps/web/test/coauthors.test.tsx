/**
 * Co-author invitations in the web app (PRODUCT.md §15 "Authorship is consented", issue 13), through the
 * real SDK against the fake server: the Co-authors panel of the story and series edit pages (contributors
 * with the first author marked, pending invitations with Withdraw, inviting by username with refusals
 * beside the field, Remove for the first author only, Leave while others remain) and the invitations to
 * answer on /notifications (Accept, Decline; hidden when there are none; loading and error states).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { deferred, fakeApi, listOf } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { SERIES, series } from './series-fixtures';
import { AUTHOR_ID, POSTS, STORIES, story } from './story-fixtures';

const INVITATIONS = '/api/collections/post_invitations/records';
const PROFILES = '/api/collections/profiles/records';
const NOTIFICATIONS = '/api/collections/notifications/records';
const BOB = 'bob000000000001';
const CARL = 'carl00000000001';
const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

const member = (id: string, username: string, name: string) => ({
  id,
  username,
  expand: { profile: { id: `pr-${id}`, name, settings: { displayUsername: false } } },
});
const EDDA = member(AUTHOR_ID, 'edda', 'Edda the Tall');
const BOB_USER = member(BOB, 'bob', 'Bob the Brief');
const CARL_USER = member(CARL, 'carl', 'Carl the Small');

/** The story `s1` written by Edda (first) and Bob. */
const twoAuthors = () =>
  story('s1', 'The Lighthouse Keeper', {
    contributors: [AUTHOR_ID, BOB],
    expand: { contributors: [EDDA, BOB_USER], tags: [] },
  });

function invitation(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    collectionId: 'pbc_invitations',
    collectionName: 'post_invitations',
    post: 'post-s1',
    user: CARL,
    inviter: AUTHOR_ID,
    status: 'pending',
    title: 'The Lighthouse Keeper',
    href: '/stories/s1',
    created: '2026-03-05 10:00:00.000Z',
    expand: { user: CARL_USER, inviter: EDDA },
    ...fields,
  };
}

/** Serves the edit page: the story, the taxonomy the form needs, and the post's pending invitations. */
function serveEditPage(record = twoAuthors(), invitations: ReturnType<typeof invitation>[] = []) {
  fakeApi.on('GET', `${STORIES}/s1`, { body: record });
  fakeApi.on('GET', '/api/collections/labels/records', { body: listOf([], { perPage: 1000 }) });
  fakeApi.on('GET', '/api/collections/tags/records', { body: listOf([], { perPage: 1000 }) });
  fakeApi.on('GET', INVITATIONS, () => ({ body: listOf(invitations, { perPage: 500 }) }));
}

const panel = () => screen.findByRole('region', { name: 'Co-authors' });

describe('the Co-authors panel of /stories/edit/{id}', () => {
  it('lists the contributors (first author marked) and the pending invitations, each to withdraw', async () => {
    signIn({ id: AUTHOR_ID });
    const pending = [invitation('inv1')];
    serveEditPage(twoAuthors(), pending);
    fakeApi.on('DELETE', `${INVITATIONS}/inv1`, () => {
      pending.length = 0;
      return { status: 204 };
    });
    renderApp('/stories/edit/s1');

    const region = await panel();
    const contributors = within(region).getByRole('list', { name: 'Co-authors' });
    const rows = within(contributors).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Edda the Tall'),
      expect.stringContaining('Bob the Brief'),
    ]);
    expect(within(rows[0]!).getByText('First author')).toBeTruthy();
    expect(within(rows[1]!).queryByText('First author')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Bob the Brief' })).toBeTruthy();
    // Nobody removes themself: the first author leaves instead (others remain).
    expect(within(rows[0]!).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'Leave' })).toBeTruthy();
    expect(Object.fromEntries(fakeApi.requestsTo(INVITATIONS, 'GET')[0]!.query)).toMatchObject({
      filter: `post = "post-s1" && status = 'pending'`,
      expand: 'user.profile',
    });

    const waiting = await within(region).findByRole('list', { name: 'Waiting for an answer' });
    expect(within(waiting).getByText('Carl the Small')).toBeTruthy();
    await userEvent.click(
      within(waiting).getByRole('button', { name: 'Withdraw the invitation of Carl the Small' }),
    );
    await waitFor(() => expect(flashTexts()).toContain('success: Invitation withdrawn.'));
    await waitFor(() =>
      expect(within(region).queryByRole('list', { name: 'Waiting for an answer' })).toBeNull(),
    );
    expect(fakeApi.requestsTo(`${INVITATIONS}/inv1`, 'DELETE')).toHaveLength(1);
  });

  it('invites by username, with a clear refusal beside the field for nobody, a contributor or one already invited', async () => {
    signIn({ id: AUTHOR_ID });
    serveEditPage();
    fakeApi.on('GET', PROFILES, (request) => {
      const filter = request.query.get('filter') ?? '';
      if (filter.includes('"bob"')) return { body: listOf([{ id: 'pr-bob', user: BOB }]) };
      if (filter.includes('"carl"')) return { body: listOf([{ id: 'pr-carl', user: CARL }]) };
      return { body: listOf([]) };
    });
    let invited = false;
    fakeApi.on('POST', INVITATIONS, (request) => {
      if (invited) {
        return {
          status: 400,
          body: {
            status: 400,
            message: 'Failed to create record.',
            data: { user: { code: 'validation_already_invited', message: 'Already invited to this post.' } },
          },
        };
      }
      invited = true;
      return { body: { id: 'inv-new', ...(request.body as object), status: 'pending' } };
    });
    renderApp('/stories/edit/s1');
    const region = await panel();
    const field = within(region).getByRole('textbox', { name: 'Username' });
    const invite = within(region).getByRole('button', { name: 'Invite' });

    await userEvent.type(field, 'nobody_here');
    await userEvent.click(invite);
    expect(await within(region).findByText('No member has that username.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(field);
    await userEvent.type(field, 'Bob');
    await userEvent.click(invite);
    expect(await within(region).findByText('Already a contributor of this post.')).toBeTruthy();
    expect(fakeApi.requestsTo(INVITATIONS, 'POST')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '@carl');
    await userEvent.click(invite);
    await waitFor(() => expect(flashTexts()).toContain('success: Invitation sent to carl.'));
    expect(fakeApi.requestsTo(INVITATIONS, 'POST').map((request) => request.body)).toEqual([
      { post: 'post-s1', user: CARL, inviter: AUTHOR_ID },
    ]);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));

    await userEvent.type(field, 'carl');
    await userEvent.click(invite);
    expect(await within(region).findByText('Already invited to this post.')).toBeTruthy();
  });

  it('a co-author after the first sees no Remove; Leave asks first, then takes them to the story', async () => {
    signIn({ id: BOB });
    serveEditPage();
    fakeApi.on('PATCH', `${POSTS}/post-s1`, (request) => ({
      body: { id: 'post-s1', contributors: [AUTHOR_ID], echo: request.body },
    }));
    const { router } = renderApp('/stories/edit/s1');
    const region = await panel();
    expect(within(region).queryByRole('button', { name: /^Remove/ })).toBeNull();

    await userEvent.click(within(region).getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Leave as a co-author\?/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fakeApi.requestsTo(`${POSTS}/post-s1`, 'PATCH')).toHaveLength(0);

    await userEvent.click(within(region).getByRole('button', { name: 'Leave' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/stories/s1'));
    expect(fakeApi.requestsTo(`${POSTS}/post-s1`, 'PATCH').map((request) => request.body)).toEqual([
      { 'contributors-': BOB },
    ]);
  });

  it('the first author removes another after confirming; a sole author has neither Remove nor Leave', async () => {
    signIn({ id: AUTHOR_ID });
    serveEditPage();
    let contributors = [AUTHOR_ID, BOB];
    fakeApi.on('PATCH', `${POSTS}/post-s1`, () => {
      contributors = [AUTHOR_ID];
      return { body: { id: 'post-s1', contributors } };
    });
    fakeApi.on('GET', `${POSTS}/post-s1`, () => ({
      body: { id: 'post-s1', title: 'The Lighthouse Keeper', contributors, expand: { contributors: [EDDA] } },
    }));
    renderApp('/stories/edit/s1');
    const region = await panel();
    await userEvent.click(within(region).getByRole('button', { name: 'Remove Bob the Brief' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Remove Bob the Brief as a co-author\?/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(flashTexts()).toContain('success: Bob the Brief is no longer a co-author.'));
    expect(fakeApi.requestsTo(`${POSTS}/post-s1`, 'PATCH').map((request) => request.body)).toEqual([
      { 'contributors-': BOB },
    ]);
    await waitFor(() => expect(within(region).queryByText('Bob the Brief')).toBeNull());
    expect(within(region).queryByRole('button', { name: 'Leave' })).toBeNull();
    expect(within(region).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});

describe('the Co-authors panel of /series/edit/{id}', () => {
  it('shows the series’ contributors and the invite field', async () => {
    signIn({ id: AUTHOR_ID });
    fakeApi.on('GET', `${SERIES}/se1`, { body: series('se1', 'Tall Tales') });
    fakeApi.on('GET', '/api/collections/labels/records', { body: listOf([], { perPage: 1000 }) });
    fakeApi.on('GET', STORIES, { body: listOf([]) });
    fakeApi.on('GET', INVITATIONS, { body: listOf([], { perPage: 500 }) });
    renderApp('/series/edit/se1');
    const region = await panel();
    expect(within(region).getByText('Edda the Tall')).toBeTruthy();
    expect(within(region).getByText('First author')).toBeTruthy();
    expect(within(region).getByRole('textbox', { name: 'Username' })).toBeTruthy();
    expect(fakeApi.requestsTo(INVITATIONS, 'GET')[0]!.query.get('filter')).toBe(
      `post = "post-se1" && status = 'pending'`,
    );
  });
});

describe('co-author invitations on /notifications', () => {
  const section = () => screen.queryByRole('region', { name: 'Co-author invitations' });
  const serveNotifications = () => fakeApi.on('GET', NOTIFICATIONS, { body: listOf([], { perPage: 10000 }) });

  it('lists each invitation with Accept and Decline; an answer is sent once and the list refreshes', async () => {
    signIn();
    serveNotifications();
    const pending = [
      invitation('inv1', { user: USER_ID }),
      invitation('inv2', {
        user: USER_ID,
        title: 'Moss and Giants',
        href: '/series/se9',
        expand: { inviter: BOB_USER },
      }),
    ];
    fakeApi.on('GET', INVITATIONS, () => ({ body: listOf(pending, { perPage: 500 }) }));
    fakeApi.on('PATCH', `${INVITATIONS}/inv1`, (request) => {
      pending.shift();
      return { body: { ...invitation('inv1'), ...(request.body as object) } };
    });
    fakeApi.on('PATCH', `${INVITATIONS}/inv2`, (request) => {
      pending.shift();
      return { body: { ...invitation('inv2'), ...(request.body as object) } };
    });
    renderApp('/notifications');

    const list = await screen.findByRole('list', { name: 'Co-author invitations' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Edda the Tall invites you to co-author The Lighthouse Keeper');
    expect(within(items[0]!).getByRole('link', { name: 'The Lighthouse Keeper' }).getAttribute('href')).toBe(
      '/stories/s1',
    );
    expect(items[1]!.textContent).toContain('Bob the Brief invites you to co-author Moss and Giants');
    expect(Object.fromEntries(fakeApi.requestsTo(INVITATIONS, 'GET')[0]!.query)).toMatchObject({
      filter: `user = "${USER_ID}" && status = 'pending'`,
      expand: 'inviter.profile,post',
    });
    // The section comes before the notifications.
    const heading = screen.getByRole('heading', { name: 'Co-author invitations' });
    expect(heading.compareDocumentPosition(await screen.findByText('You have no notifications.'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Accept the invitation to co-author The Lighthouse Keeper' }),
    );
    await waitFor(() =>
      expect(flashTexts()).toContain('success: You are now a co-author of "The Lighthouse Keeper".'),
    );
    expect(fakeApi.requestsTo(`${INVITATIONS}/inv1`, 'PATCH')[0]!.body).toEqual({ status: 'accepted' });
    await waitFor(() => expect(screen.queryByText(/co-author The Lighthouse Keeper/)).toBeNull());

    await userEvent.click(
      screen.getByRole('button', { name: 'Decline the invitation to co-author Moss and Giants' }),
    );
    await waitFor(() => expect(flashTexts()).toContain('success: Invitation declined.'));
    expect(fakeApi.requestsTo(`${INVITATIONS}/inv2`, 'PATCH')[0]!.body).toEqual({ status: 'declined' });
    // None left: the section goes.
    await waitFor(() => expect(section()).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
  });

  it('is not there when there are none', async () => {
    signIn();
    serveNotifications();
    fakeApi.on('GET', INVITATIONS, { body: listOf([], { perPage: 500 }) });
    renderApp('/notifications');
    expect(await screen.findByText('You have no notifications.')).toBeTruthy();
    await waitFor(() => expect(fakeApi.requestsTo(INVITATIONS, 'GET')).toHaveLength(1));
    expect(section()).toBeNull();
  });

  it('says it is loading, and shows a failure in its place', async () => {
    signIn();
    serveNotifications();
    const answer = deferred<{ status: number; body: unknown }>();
    fakeApi.on('GET', INVITATIONS, () => answer.promise);
    renderApp('/notifications');
    expect(await screen.findByText('Loading invitations…')).toBeTruthy();
    answer.resolve({ status: 403, body: { status: 403, message: 'Only members may do that.', data: {} } });
    const region = await screen.findByRole('region', { name: 'Co-author invitations' });
    expect((await within(region).findByRole('alert')).textContent).toBe('Only members may do that.');
  });
});
