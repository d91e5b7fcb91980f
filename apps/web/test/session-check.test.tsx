import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_TEXT } from '../src/app/session-effects';
import { pb } from '../src/lib/pocketbase';
import { fakeApi } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn, userRecord } from './session';

const REFRESH = '/api/collections/users/auth-refresh';
const INVALID_TOKEN = {
  status: 401,
  message: 'The request requires valid record authorization token.',
  data: {},
};

describe('a session the server no longer accepts', () => {
  it('ends in the app at start and sends the member to sign in, keeping the page as the redirect', async () => {
    signIn();
    fakeApi.on('POST', REFRESH, { status: 401, body: INVALID_TOKEN });
    const { router } = renderApp('/settings');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fsettings'));
    expect(pb.authStore.isValid).toBe(false);
    expect(await screen.findByText(SESSION_ENDED_TEXT)).toBeTruthy();
  });

  it('is checked again when a request is refused, and ended then', async () => {
    signIn();
    let refreshes = 0;
    fakeApi.on('POST', REFRESH, () => {
      refreshes += 1;
      // Alive at start; ended by the time the member acts.
      return refreshes === 1
        ? { body: { token: pb.authStore.token, record: userRecord() } }
        : { status: 401, body: INVALID_TOKEN };
    });
    fakeApi.on('GET', '/api/collections/stories/records', {
      status: 403,
      body: { status: 403, message: 'No.', data: {} },
    });
    const { router } = renderApp('/stories');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fstories'));
    expect(refreshes).toBe(2);
  });

  it('stays signed in when the server accepts the session or cannot be reached', async () => {
    signIn();
    fakeApi.on('POST', REFRESH, { status: 404, body: { status: 404, message: 'Missing.', data: {} } });
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await waitFor(() => expect(fakeApi.requestsTo(REFRESH)).toHaveLength(1));
    expect(currentUrl(router)).toBe('/settings');
    expect(pb.authStore.isValid).toBe(true);
  });
});
