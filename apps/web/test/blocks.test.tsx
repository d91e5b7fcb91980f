/**
 * Blocking in the web app (PRODUCT.md §14), through the real SDK against the fake server: Block on another
 * member's profile asks first and then shows the blocked notice with Unblock; no Block on one's own
 * profile nor on staff; /settings lists the blocked members with Unblock, with its loading, empty and
 * error states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { deferred, fakeApi, listOf } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';

const PROFILES = '/api/collections/profiles/records';
const BLOCKS = '/api/collections/blocks/records';
const OTHER = 'giantgretaaaaaa';
const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

function profileOf(user: string, username: string, name: string, roles: string[] = []) {
  return {
    id: `profile${user.slice(0, 8)}`,
    collectionId: 'pbc_profiles',
    collectionName: 'profiles',
    user,
    username,
    name,
    avatar: '',
    cf_username: '',
    cf_verified: '',
    location: '',
    relationship_status: '',
    gender: '',
    sexuality: '',
    pronouns: [],
    height: 0,
    height_unit: '',
    weight: 0,
    weight_unit: '',
    macro_roles: [],
    bio: '',
    socials: null,
    settings: { displayUsername: false, displayAge: false },
    created: '2026-01-01 00:00:00.000Z',
    updated: '2026-01-01 00:00:00.000Z',
    expand: { user: { id: user, username, roles } },
  };
}

function blockOf(blocked: string, username: string, name: string) {
  return {
    id: `block${blocked.slice(0, 10)}`,
    collectionId: 'pbc_blocks',
    collectionName: 'blocks',
    blocker: USER_ID,
    blocked,
    created: '2026-02-01 00:00:00.000Z',
    expand: {
      blocked: {
        id: blocked,
        username,
        expand: { profile: { id: `profile${blocked.slice(0, 8)}`, name, settings: null } },
      },
    },
  };
}

/** Serves one profile (by username) and empty member post lists; `blocks` is what the member blocked. */
function serve(profile: ReturnType<typeof profileOf> | null, blocks: ReturnType<typeof blockOf>[]) {
  fakeApi.on('GET', PROFILES, () => ({ body: listOf(profile ? [profile] : []) }));
  fakeApi.on('GET', '/api/collections/stories/records', { body: listOf([]) });
  fakeApi.on('GET', '/api/collections/series/records', { body: listOf([]) });
  fakeApi.on('GET', BLOCKS, () => ({ body: listOf(blocks, { perPage: 500 }) }));
}

describe('blocking from a profile', () => {
  it('asks first, blocks, and then shows the blocked notice with Unblock in place of the profile', async () => {
    signIn();
    const blocks: ReturnType<typeof blockOf>[] = [];
    let profile: ReturnType<typeof profileOf> | null = profileOf(OTHER, 'greta', 'Giant Greta');
    serve(null, blocks);
    fakeApi.on('GET', PROFILES, () => ({ body: listOf(profile ? [profile] : []) }));
    fakeApi.on('POST', BLOCKS, () => {
      // From now on the server leaves greta's profile out of the member's lists.
      blocks.push(blockOf(OTHER, 'greta', 'Giant Greta'));
      profile = null;
      return { body: blocks[0] };
    });
    fakeApi.on('DELETE', `${BLOCKS}/${blockOf(OTHER, '', '').id}`, () => {
      blocks.length = 0;
      profile = profileOf(OTHER, 'greta', 'Giant Greta');
      return { status: 204 };
    });
    renderApp('/profiles/greta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Giant Greta' })).toBeTruthy();

    // Cancel leaves things as they are.
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const question = await screen.findByText(/^Block Giant Greta\? You will no longer see their stories/);
    expect(question.textContent).toContain('They are not told.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fakeApi.requestsTo(BLOCKS, 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(flashTexts()).toContain('success: Member blocked.'));
    expect(fakeApi.requestsTo(BLOCKS, 'POST').map((r) => r.body)).toEqual([
      { blocker: USER_ID, blocked: OTHER },
    ]);

    expect(await screen.findByText(/^You blocked Giant Greta\./)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Giant Greta' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(flashTexts()).toContain('success: Member unblocked.'));
    expect(await screen.findByRole('button', { name: 'Block' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
  });

  it('offers no Block on one’s own profile, nor on a moderator’s or an admin’s', async () => {
    signIn();
    serve(profileOf(USER_ID, 'tiny_tom', 'Tiny Tom'), []);
    const own = renderApp('/profiles/me');
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    own.unmount();

    for (const role of ['moderator', 'admin']) {
      serve(profileOf('staffmember0001', 'staffer', 'Staff Sam', [role]), []);
      const view = renderApp('/profiles/staffer');
      expect(await screen.findByRole('button', { name: 'Report' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
      view.unmount();
    }
  });
});

describe('blocked members in /settings', () => {
  it('lists them with Unblock, and removes one when unblocked', async () => {
    signIn();
    const blocks = [blockOf(OTHER, 'greta', 'Giant Greta'), blockOf('bigbenbbbbbbbbb', 'ben', 'Big Ben')];
    serve(null, blocks);
    fakeApi.on('DELETE', `${BLOCKS}/${blocks[0]!.id}`, () => {
      blocks.shift();
      return { status: 204 };
    });
    renderApp('/settings');
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    expect(within(list).getByRole('link', { name: 'Giant Greta' }).getAttribute('href')).toBe(
      '/profiles/greta',
    );
    expect(within(list).getByText('@ben')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Unblock Giant Greta' }));
    await waitFor(() => expect(flashTexts()).toContain('success: Member unblocked.'));
    await waitFor(() => expect(within(list).queryByText('Giant Greta')).toBeNull());
    expect(within(list).getByText('Big Ben')).toBeTruthy();
  });

  it('says so while loading, when nobody is blocked, and when the list cannot be read', async () => {
    signIn();
    const held = deferred<{ body: unknown }>();
    fakeApi.on('GET', BLOCKS, () => held.promise);
    const loading = renderApp('/settings');
    expect(await screen.findByText('Loading blocked members…')).toBeTruthy();
    held.resolve({ body: listOf([]) });
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    loading.unmount();

    fakeApi.on('GET', BLOCKS, {
      status: 500,
      body: { status: 500, message: 'Something went wrong.', data: {} },
    });
    renderApp('/settings');
    const section = (await screen.findByRole('heading', { name: 'Blocked members' })).closest('section')!;
    expect(await within(section).findByRole('alert')).toBeTruthy();
  });
});
