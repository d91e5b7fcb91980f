import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getFlashMessages, showFlash } from '../src/components/flash';
import { pb } from '../src/lib/pocketbase';
import { fakeApi, listOf, type FakeRequest } from './fake-api';
import { currentUrl, renderApp } from './render';
import { authAnswer, fakeToken, userRecord } from './session';
import { USER_ID, header } from './shell-helpers';

const PAGES = '/api/collections/pages/records';
// Who's Online reports the member present as the shell appears: not part of signing in.
const PRESENCE = '/api/collections/presence/';
const AUTH = '/api/collections/users/auth-with-password';
const AUTH_METHODS = '/api/collections/users/auth-methods';

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

function servePage(slug: string, title: string, text: string) {
  fakeApi.on('GET', PAGES, (request: FakeRequest) =>
    request.query.get('filter') === `slug = "${slug}"`
      ? { body: listOf([{ id: `page-${slug}`, slug, title, content: `<p>${text}</p>` }]) }
      : { body: listOf([]) },
  );
}

function authMethods(providers: { name: string; displayName: string }[]) {
  fakeApi.on('GET', AUTH_METHODS, {
    body: {
      password: { enabled: true, identityFields: ['email', 'username'] },
      oauth2: { enabled: providers.length > 0, providers },
      mfa: { enabled: false, duration: 0 },
      otp: { enabled: false, duration: 0 },
    },
  });
}

async function fillLogin(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText(/^Username/), username);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/secret/login', () => {
  it('shows the page content, Username, Password, Login and the two links', async () => {
    servePage('secret-login', 'Staff Login', 'Sign in with your username and password.');
    renderApp('/secret/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Login' })).toBeTruthy();
    expect(await screen.findByText('Sign in with your username and password.')).toBeTruthy();
    expect(screen.getByLabelText(/^Username/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register an Account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('requires both fields and sends nothing without them', async () => {
    renderApp('/secret/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fakeApi.requestsTo(AUTH)).toHaveLength(0);
  });

  it('signs in with the identity in lower case, clears flashes and goes to the redirect', async () => {
    fakeApi.on('POST', AUTH, { body: authAnswer() });
    const { router } = renderApp('/secret/login?redirect=%2Fstories%2Fbrowse%3Fpage%3D2');
    showFlash('error', 'An old complaint.');
    await fillLogin('  Tiny_Tom ', 'secret-password');

    await waitFor(() => expect(currentUrl(router)).toBe('/stories/browse?page=2'));
    expect(fakeApi.requestsTo(AUTH).map((r) => r.body)).toEqual([
      { identity: 'tiny_tom', password: 'secret-password' },
    ]);
    expect(pb.authStore.record?.id).toBe(USER_ID);
    expect(flashTexts()).toEqual([]);
    expect(await within(header()).findByRole('button', { name: /Account menu/ })).toBeTruthy();
  });

  it('goes to / without a redirect, and never to another site', async () => {
    fakeApi.on('POST', AUTH, { body: authAnswer() });
    const { router } = renderApp('/secret/login?redirect=%2F%2Fevil.example%2Fphish');
    await fillLogin('tiny_tom', 'secret-password');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('shows each failure as an error flash and stays', async () => {
    fakeApi.on('POST', AUTH, {
      status: 400,
      body: { status: 400, message: 'Failed to authenticate.', data: {} },
    });
    const { router } = renderApp('/secret/login');
    await fillLogin('tiny_tom', 'wrong');
    await waitFor(() => expect(flashTexts()).toEqual(['error: Failed to authenticate.']));
    expect(screen.getByText('Failed to authenticate.')).toBeTruthy();
    expect(currentUrl(router)).toBe('/secret/login');
    expect(pb.authStore.isValid).toBe(false);
  });

  it('finishes an account without a profile and sends the member to /edit-profile when headed nowhere else (PRODUCT.md §3)', async () => {
    const bare = { profile: '' };
    fakeApi.on('POST', AUTH, { body: authAnswer(bare) });
    fakeApi.on('GET', '/api/collections/profiles/records', { body: listOf([]) });
    fakeApi.on('POST', '/api/collections/profiles/records', (request) => ({
      body: { id: 'newprofile00001', ...(request.body as object) },
    }));
    fakeApi.on('PATCH', `/api/collections/users/records/${USER_ID}`, {
      body: userRecord({ profile: 'newprofile00001' }),
    });
    fakeApi.on('POST', '/api/collections/users/auth-refresh', {
      body: authAnswer({ profile: 'newprofile00001' }),
    });
    const { router } = renderApp('/secret/login');
    await fillLogin('tiny_tom', 'secret-password');

    await waitFor(() => expect(currentUrl(router)).toBe('/edit-profile'));
    const calls = fakeApi.requests
      .filter((r) => !r.path.startsWith(PAGES) && r.method !== 'GET' && !r.path.startsWith(PRESENCE))
      .map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? null)}`);
    expect(calls).toEqual([
      `POST ${AUTH} {"identity":"tiny_tom","password":"secret-password"}`,
      `POST /api/collections/profiles/records {"name":"tiny_tom","user":"${USER_ID}"}`,
      `PATCH /api/collections/users/records/${USER_ID} {"profile":"newprofile00001"}`,
      'POST /api/collections/users/auth-refresh null',
    ]);
    expect(fakeApi.requestsTo('/api/collections/profiles/records', 'GET')[0]?.query.get('filter')).toBe(
      `user = "${USER_ID}"`,
    );
    expect((pb.authStore.record as { profile?: string } | null)?.profile).toBe('newprofile00001');
  });
});

describe('/login', () => {
  it('finishes an account without a profile but keeps the redirect the member came with', async () => {
    const bare = { profile: '' };
    fakeApi.on('POST', AUTH, { body: authAnswer(bare) });
    fakeApi.on('GET', '/api/collections/profiles/records', { body: listOf([]) });
    fakeApi.on('POST', '/api/collections/profiles/records', (request) => ({
      body: { id: 'newprofile00001', ...(request.body as object) },
    }));
    fakeApi.on('PATCH', `/api/collections/users/records/${USER_ID}`, {
      body: userRecord({ profile: 'newprofile00001' }),
    });
    fakeApi.on('POST', '/api/collections/users/auth-refresh', {
      body: authAnswer({ profile: 'newprofile00001' }),
    });
    const { router } = renderApp('/secret/login?redirect=%2Fforums');
    await fillLogin('tiny_tom', 'secret-password');

    await waitFor(() => expect(currentUrl(router)).toBe('/forums'));
    const calls = fakeApi.requests
      .filter((r) => !r.path.startsWith(PAGES) && r.method !== 'GET' && !r.path.startsWith(PRESENCE))
      .map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? null)}`);
    expect(calls).toEqual([
      `POST ${AUTH} {"identity":"tiny_tom","password":"secret-password"}`,
      `POST /api/collections/profiles/records {"name":"tiny_tom","user":"${USER_ID}"}`,
      `PATCH /api/collections/users/records/${USER_ID} {"profile":"newprofile00001"}`,
      'POST /api/collections/users/auth-refresh null',
    ]);
    expect(fakeApi.requestsTo('/api/collections/profiles/records', 'GET')[0]?.query.get('filter')).toBe(
      `user = "${USER_ID}"`,
    );
    expect((pb.authStore.record as { profile?: string } | null)?.profile).toBe('newprofile00001');
  });
});

describe('/login', () => {
  it('shows the page content and, without a sign-on provider, no sign-on button', async () => {
    servePage('login', 'Login', 'Welcome back.');
    authMethods([]);
    renderApp('/login?redirect=%2Fstories');
    expect(await screen.findByText('Welcome back.')).toBeTruthy();
    await waitFor(() => expect(fakeApi.requestsTo(AUTH_METHODS)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Login with/ })).toBeNull();
    // Members with a password reach the password form, keeping where they were headed.
    expect(screen.getByRole('link', { name: 'Login with your username' }).getAttribute('href')).toBe(
      '/secret/login?redirect=%2Fstories',
    );
    expect(screen.getByRole('link', { name: 'Register an Account' }).getAttribute('href')).toBe('/register');
  });

  it('starts single sign-on with the listed provider, flashes success, then redirects', async () => {
    authMethods([{ name: 'oidc', displayName: 'Community ID' }]);
    const record = userRecord();
    // The popup and its realtime channel are the SDK's own; the test stands in at that call.
    const sso = vi.spyOn(pb.collection('users'), 'authWithOAuth2').mockImplementation(() => {
      pb.authStore.save(fakeToken({ id: record.id }), record);
      return Promise.resolve({ token: pb.authStore.token, record });
    });
    showFlash('error', 'An old complaint.');
    const { router } = renderApp('/login?redirect=%2Fnotifications');

    await userEvent.click(await screen.findByRole('button', { name: 'Login with Community ID' }));
    expect(sso).toHaveBeenCalledWith({ provider: 'oidc' });
    expect(await screen.findByText('Login successful! Redirecting...')).toBeTruthy();
    expect(flashTexts()).toEqual(['success: Login successful! Redirecting...']);
    expect(currentUrl(router)).toBe('/login?redirect=%2Fnotifications');
    await waitFor(() => expect(currentUrl(router)).toBe('/notifications'), { timeout: 3000 });
  });

  it('shows a failed single sign-on as an error flash', async () => {
    authMethods([{ name: 'oidc', displayName: 'Community ID' }]);
    vi.spyOn(pb.collection('users'), 'authWithOAuth2').mockRejectedValue(
      new Error("State parameters don't match."),
    );
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login with Community ID' }));
    await waitFor(() => expect(flashTexts()).toEqual(["error: State parameters don't match."]));
  });
});
