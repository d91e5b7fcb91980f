/**
 * The member's own pages (issue 14) through the real SDK against the fake server: the spec's texts
 * appear verbatim, the profile update sends optional fields only when set, external verification
 * follows the length-12 rule, and each role sees the buttons and ids it should.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { fakeApi, listOf, type FakeRequest } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';

const PROFILES = '/api/collections/profiles/records';
const PROFILE_ID = 'profile12345678';
const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

function profileRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: PROFILE_ID,
    collectionId: 'pbc_profiles',
    collectionName: 'profiles',
    user: USER_ID,
    username: 'tiny_tom',
    name: 'Tiny Tom',
    avatar: '',
    cf_username: '',
    cf_verified: '',
    age: 36,
    location: 'Thimble Town',
    relationship_status: '',
    gender: 'male',
    sexuality: '',
    pronouns: ['he/him'],
    height: 0,
    height_unit: '',
    weight: 0,
    weight_unit: '',
    macro_roles: ['tiny'],
    bio: '',
    socials: null,
    settings: { displayUsername: false, displayAge: false },
    created: '2026-01-01 00:00:00.000Z',
    updated: '2026-01-01 00:00:00.000Z',
    expand: { user: { id: USER_ID, username: 'tiny_tom' } },
    ...overrides,
  };
}

/** Answers profile lookups with `profile` (or nothing), and member post lists with empty pages. */
function serveProfile(profile: ReturnType<typeof profileRecord> | null) {
  fakeApi.on('GET', PROFILES, () => ({ body: listOf(profile ? [profile] : []) }));
  fakeApi.on('GET', '/api/collections/stories/records', { body: listOf([]) });
  fakeApi.on('GET', '/api/collections/series/records', { body: listOf([]) });
}

const formKeys = (request: FakeRequest | undefined) =>
  request && request.body instanceof FormData ? [...new Set(request.body.keys())].sort() : [];

describe('/edit-profile', () => {
  it('saves sending only the fields that are set and says so in the spec’s words', async () => {
    signIn();
    serveProfile(profileRecord());
    fakeApi.on('PATCH', `${PROFILES}/${PROFILE_ID}`, () => ({
      body: profileRecord({ location: 'Giantville' }),
    }));
    renderApp('/edit-profile');
    const location = await screen.findByRole('textbox', { name: 'Location' });
    expect(screen.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe('/profiles/me');
    // Defaults: centimeters and kilograms.
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Height unit' }).value).toBe(
      'centimeters',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Weight unit' }).value).toBe('kilograms');
    await userEvent.clear(location);
    await userEvent.type(location, 'Giantville');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    await screen.findByText('Profile updated successfully.');
    const sent = fakeApi.requestsTo(`${PROFILES}/${PROFILE_ID}`, 'PATCH')[0];
    // Set fields go; empty optional ones (bio, socials, sexuality, height, ...) do not.
    expect(formKeys(sent)).toEqual(
      ['gender', 'height_unit', 'location', 'macro_roles', 'name', 'pronouns', 'weight_unit'].sort(),
    );
    expect((sent?.body as FormData).get('location')).toBe('Giantville');
  });

  it('shows the spec’s failure text when the save is refused', async () => {
    signIn();
    serveProfile(profileRecord());
    fakeApi.on('PATCH', `${PROFILES}/${PROFILE_ID}`, {
      status: 400,
      body: { status: 400, message: 'Failed to update record.', data: {} },
    });
    renderApp('/edit-profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(flashTexts()).toContain(
        'error: Something went wrong while saving your profile. Please reload the page and try again.',
      ),
    );
  });

  it('asks for a display name before saving', async () => {
    signIn();
    serveProfile(profileRecord());
    renderApp('/edit-profile');
    await userEvent.clear(await screen.findByRole('textbox', { name: /^Display name/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(fakeApi.requestsTo(`${PROFILES}/${PROFILE_ID}`, 'PATCH')).toHaveLength(0);
  });

  it('guides a member without a profile to create it, and links it to the account', async () => {
    signIn({ profile: '' });
    serveProfile(null);
    fakeApi.on('POST', PROFILES, { body: profileRecord({ name: 'Tom', location: '' }) });
    fakeApi.on('PATCH', `${PROFILES}/${PROFILE_ID}`, { body: profileRecord({ name: 'Tom' }) });
    fakeApi.on('PATCH', `/api/collections/users/records/${USER_ID}`, {
      body: { id: USER_ID, collectionId: '_pb_users_auth_', username: 'tiny_tom', profile: PROFILE_ID },
    });
    renderApp('/edit-profile');
    expect(await screen.findByText(/Your registration is not finished yet/)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^Display name/ }), 'Tom');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await screen.findByText('Profile updated successfully.');
    expect(fakeApi.requestsTo(PROFILES, 'POST').map((r) => r.body)).toEqual([{ name: 'Tom', user: USER_ID }]);
    expect(
      fakeApi.requestsTo(`/api/collections/users/records/${USER_ID}`, 'PATCH').map((r) => r.body),
    ).toEqual([{ profile: PROFILE_ID }]);
  });

  it('verifies the external profile: empty-code text, the length-12 rule, success text', async () => {
    signIn();
    serveProfile(profileRecord());
    fakeApi.on('POST', '/api/verify-cf-profile', {
      body: { cf_username: 'GiantTom', cf_verified: '2026-11-25 10:00:00.000Z' },
    });
    renderApp('/edit-profile');
    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    await userEvent.type(code, '{Enter}');
    expect(
      await screen.findByText('Please enter a Coiled Fist Profile Verification Code to verify your profile.'),
    ).toBeTruthy();
    await userEvent.type(code, 'ABCDEFGHIJK');
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    await userEvent.type(code, 'L');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(flashTexts()).toContain('success: CF Profile Verified!'));
    expect(fakeApi.requestsTo('/api/verify-cf-profile').map((r) => r.body)).toEqual([
      { cf_verification_code: 'ABCDEFGHIJKL' },
    ]);
    const username = screen.getByRole<HTMLInputElement>('textbox', { name: 'Coiled Fist username' });
    expect(username.value).toBe('GiantTom');
    expect(username.readOnly).toBe(true);
  });
});

describe('/profiles/{username}', () => {
  it('shows another member’s profile with Report and Send Message, and moderators the ids', async () => {
    signIn({ id: 'moderator000001', roles: ['moderator'] });
    serveProfile(profileRecord());
    renderApp('/profiles/tiny_tom');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiny Tom' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send Message' }).getAttribute('href')).toBe(
      `/messages?with=${USER_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).toBeNull();
    expect(screen.getByText(USER_ID).parentElement?.textContent).toBe(`User ID: ${USER_ID}`);
    expect(screen.getByText(PROFILE_ID).parentElement?.textContent).toBe(`Profile ID: ${PROFILE_ID}`);
    const about = screen.getByRole('table', { name: 'About' });
    expect(within(about).getByText('tiny')).toBeTruthy();
    expect(within(about).getByText('(prefers being the smaller partner)', { exact: false })).toBeTruthy();
    // displayAge is off: no age.
    expect(within(about).queryByText('Age')).toBeNull();
    expect(fakeApi.requestsTo(PROFILES)[0]?.query.get('filter')).toBe('username = "tiny_tom"');
  });

  it('on one’s own profile shows Edit Profile only, the username by displayUsername, and the age by displayAge', async () => {
    signIn();
    serveProfile(profileRecord({ settings: { displayUsername: true, displayAge: true } }));
    renderApp('/profiles/me');
    expect(await screen.findByRole('heading', { level: 1, name: 'tiny_tom' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByText(/^User ID/)).toBeNull();
    expect(within(screen.getByRole('table', { name: 'About' })).getByText('36')).toBeTruthy();
  });

  it('lets a member follow and unfollow another member (the author), never themself', async () => {
    signIn({ id: 'readerrrrrrrrrr' });
    serveProfile(profileRecord());
    const FOLLOWS = '/api/collections/follows/records';
    fakeApi.on('GET', FOLLOWS, { body: listOf([]) });
    fakeApi.on('POST', FOLLOWS, (request) => ({
      body: { id: 'follow000000001', ...(request.body as object) },
    }));
    fakeApi.on('DELETE', `${FOLLOWS}/follow000000001`, { status: 204, body: null });
    renderApp('/profiles/tiny_tom');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(fakeApi.requestsTo(FOLLOWS, 'POST')[0]!.body).toEqual({
      user: 'readerrrrrrrrrr',
      author: USER_ID,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(fakeApi.requestsTo(`${FOLLOWS}/follow000000001`, 'DELETE')).toHaveLength(1);
  });

  it('lists the member’s published stories and series, asked by the contributors’ relation', async () => {
    signIn({ id: 'readerrrrrrrrrr' });
    serveProfile(profileRecord());
    fakeApi.on('GET', '/api/collections/stories/records', {
      body: listOf([
        {
          id: 'story0000000001',
          post: 'post00000000001',
          expand: { post: { id: 'post00000000001', title: 'The Tiny Village', published: '2026-02-01' } },
        },
      ]),
    });
    renderApp('/profiles/tiny_tom');
    const stories = await screen.findByRole('region', { name: 'Stories' });
    const link = await within(stories).findByRole('link', { name: 'The Tiny Village' });
    expect(link.getAttribute('href')).toBe('/stories/story0000000001');
    const series = screen.getByRole('region', { name: 'Series' });
    expect(await within(series).findByText('No published series yet.')).toBeTruthy();
    for (const kind of ['stories', 'series']) {
      const asked = fakeApi.requestsTo(`/api/collections/${kind}/records`)[0]?.query;
      // Asked of the post's own ids: answered from the relation index, and open to every member.
      expect(asked?.get('filter')).toBe(`post.published != '' && post.contributors:each ?= "${USER_ID}"`);
      expect(asked?.get('sort')).toBe('-created');
    }
  });

  it('says clearly when there is no such member', async () => {
    signIn();
    serveProfile(null);
    renderApp('/profiles/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByText('That member could not be found.')).toBeTruthy();
  });
});

describe('/profiles/me/likes and /profiles/me/favorites', () => {
  const reaction = (id: string, type: 'story' | 'series', title: string, holderId: string) => ({
    id,
    target: `post-${id}`,
    user: USER_ID,
    expand: {
      target: {
        id: `post-${id}`,
        type,
        title,
        expand: { [type === 'story' ? 'stories_via_post' : 'series_via_post']: [{ id: holderId }] },
      },
    },
  });

  it('shows the empty texts of both pages verbatim', async () => {
    signIn();
    fakeApi.on('GET', '/api/collections/likes/records', { body: listOf([]) });
    fakeApi.on('GET', '/api/collections/favorites/records', { body: listOf([]) });
    renderApp('/profiles/me/likes');
    expect(await screen.findByText('You have no liked series.')).toBeTruthy();
    expect(screen.getByText('You have no liked stories.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'liked series' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'liked stories' })).toBeTruthy();

    renderApp('/profiles/me/favorites');
    expect(await screen.findByText('You have no favorite series.')).toBeTruthy();
    expect(screen.getByText('You have no favorite stories.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Favorite Series' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Favorite Stories' })).toBeTruthy();
  });

  it('links each item to its page and takes a like back in place', async () => {
    signIn();
    fakeApi.on('GET', '/api/collections/likes/records', {
      body: listOf([
        reaction('like1', 'story', 'The Tiny Village', 'story1'),
        reaction('like2', 'series', 'Giant Tales', 'series1'),
      ]),
    });
    fakeApi.on('DELETE', '/api/collections/likes/records/like1', { status: 204 });
    renderApp('/profiles/me/likes');
    const story = await screen.findByRole('link', { name: 'The Tiny Village' });
    expect(story.getAttribute('href')).toBe('/stories/story1');
    expect(screen.getByRole('link', { name: 'Giant Tales' }).getAttribute('href')).toBe('/series/series1');
    expect(fakeApi.requestsTo('/api/collections/likes/records')[0]?.query.get('filter')).toBe(
      `user = "${USER_ID}"`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unlike The Tiny Village' }));
    expect(await screen.findByText('You have no liked stories.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Giant Tales' })).toBeTruthy();
    expect(fakeApi.requestsTo('/api/collections/likes/records/like1', 'DELETE')).toHaveLength(1);
  });
});

describe('/settings, site and profile settings', () => {
  it('saves user and profile settings and says "Settings saved successfully."', async () => {
    signIn({ settings: { theme: 'auto', reader: { size: 18 } } as never });
    fakeApi.on('GET', `/api/collections/users/records/${USER_ID}`, {
      body: {
        id: USER_ID,
        collectionId: '_pb_users_auth_',
        collectionName: 'users',
        username: 'tiny_tom',
        updated: '2026-01-01 00:00:00.000Z',
        expand: { profile: profileRecord() },
      },
    });
    fakeApi.on('PATCH', `/api/collections/users/records/${USER_ID}`, (request) => ({
      body: {
        id: USER_ID,
        collectionId: '_pb_users_auth_',
        username: 'tiny_tom',
        ...(request.body as object),
      },
    }));
    fakeApi.on('PATCH', `${PROFILES}/${PROFILE_ID}`, { body: profileRecord() });
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('switch', { name: /^Display age/ }));
    await userEvent.click(screen.getByRole('switch', { name: /^Appear online/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully.')).toBeTruthy();
    // Other settings already stored (a later issue's reader settings) are kept.
    expect(
      fakeApi.requestsTo(`/api/collections/users/records/${USER_ID}`, 'PATCH').map((r) => r.body),
    ).toEqual([
      {
        settings: {
          theme: 'dark',
          reader: { size: 18 },
          notification_sound: true,
          show_markdown_source: false,
          appear_online: false,
        },
      },
    ]);
    expect(fakeApi.requestsTo(`${PROFILES}/${PROFILE_ID}`, 'PATCH').map((r) => r.body)).toEqual([
      { settings: { displayUsername: false, displayAge: true } },
    ]);
  });
});
