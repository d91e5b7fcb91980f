import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireTester, loginRedirectPath } from '../src/app/guards';
import { routes } from '../src/app/routes';
import { currentUrl, renderApp, renderAt } from './render';
import { signIn, signOut } from './session';

/** Waits for the guard to act and returns where the router ended up. */
async function landingOf(path: string): Promise<string> {
  const { router } = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return currentUrl(router);
}

describe('members-only routes', () => {
  it('send a guest to the login page with the intended path (the spec’s example)', async () => {
    expect(await landingOf('/stories')).toBe('/login?redirect=%2Fstories');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it('keep the query and hash of the intended path, URL-encoded', async () => {
    const intended = '/stories/browse?tag=t1&page=2#results';
    const landing = await landingOf(intended);
    expect(landing).toBe(`/login?redirect=${encodeURIComponent(intended)}`);
    expect(landing).toBe('/login?redirect=%2Fstories%2Fbrowse%3Ftag%3Dt1%26page%3D2%23results');
  });

  it('let a signed-in member in', async () => {
    signIn();
    expect(await landingOf('/profiles/someone')).toBe('/profiles/someone');
    // The profile screen itself answers (the fake server has no such member).
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
  });

  it('treat an expired session as a guest', async () => {
    signIn({}, -1);
    expect(await landingOf('/messages')).toBe('/login?redirect=%2Fmessages');
  });

  it('leave at once when the member signs out', async () => {
    signIn();
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    signOut();
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fsettings'));
  });

  it('leave public routes open to guests', async () => {
    expect(await landingOf('/secret/login')).toBe('/secret/login');
  });
});

describe('moderator-only routes', () => {
  it('send a guest to the login page', async () => {
    expect(await landingOf('/admin/report-queue')).toBe('/login?redirect=%2Fadmin%2Freport-queue');
  });

  it.each([[[]], [['tester']]])(
    'refuse a member with roles %j the same way (spec: guard failure)',
    async (roles) => {
      signIn({ roles });
      expect(await landingOf('/admin')).toBe('/login?redirect=%2Fadmin');
    },
  );

  it.each([
    ['moderator', '/admin/content-queue', 'Content Queue'],
    ['admin', '/admin/users', 'Users'],
  ])('let a %s in', async (role, path, title) => {
    signIn({ roles: [role] });
    expect(await landingOf(path)).toBe(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });
});

describe('the tester-only guard', () => {
  const testerRoutes: RouteObject[] = [
    { path: '/login', element: <h1>Login</h1> },
    { element: <RequireTester />, children: [{ path: '/lab', element: <h1>Lab</h1> }] },
  ];

  it.each([
    [['tester'], '/lab'],
    [['moderator'], '/lab'],
    [['admin'], '/lab'],
    [[], '/login?redirect=%2Flab'],
  ])('works on its own: roles %j land on %s', async (roles, landing) => {
    signIn({ roles });
    const { router } = renderAt(testerRoutes, '/lab');
    await screen.findByRole('heading', { level: 1 });
    expect(currentUrl(router)).toBe(landing);
  });

  it('is used by no route, as in the spec (its flag is misspelt there)', () => {
    const elements = (list: RouteObject[]): unknown[] =>
      list.flatMap((route) => [route.element, ...elements(route.children ?? [])]);
    const types = elements(routes).map((element) => (element as ReactElement | undefined)?.type);
    expect(types).not.toContain(RequireTester);
  });
});

describe('loginRedirectPath', () => {
  it('encodes the whole intended location', () => {
    expect(loginRedirectPath({ pathname: '/stories', search: '', hash: '' })).toBe(
      '/login?redirect=%2Fstories',
    );
    expect(loginRedirectPath({ pathname: '/a b', search: '?x=1&y=2', hash: '#c' })).toBe(
      '/login?redirect=%2Fa%20b%3Fx%3D1%26y%3D2%23c',
    );
  });
});
