import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pb } from '../src/lib/pocketbase';
import { fakeApi } from './fake-api';
import { renderApp } from './render';
import { authAnswer, signIn } from './session';

const REFRESH = '/api/collections/users/auth-refresh';

describe('the session at start-up', () => {
  it('takes roles granted meanwhile: the admin navigation appears after a reload', async () => {
    signIn();
    fakeApi.on('POST', REFRESH, { body: authAnswer({ roles: ['moderator'] }) });
    renderApp('/');
    expect(await screen.findByRole('navigation', { name: 'Admin navigation' })).toBeTruthy();
    expect(fakeApi.requestsTo(REFRESH, 'POST')).toHaveLength(1);
  });

  it('signs out a member whose token the server refuses (a ban ends every session)', async () => {
    signIn();
    fakeApi.on('POST', REFRESH, {
      status: 403,
      body: { status: 403, message: 'This account is banned.', data: {} },
    });
    renderApp('/');
    await waitFor(() => expect(pb.authStore.isValid).toBe(false));
  });

  it('keeps the session when the server cannot answer', async () => {
    signIn();
    fakeApi.on('POST', REFRESH, { status: 500, body: { status: 500, message: 'Oops', data: {} } });
    renderApp('/');
    await waitFor(() => expect(fakeApi.requestsTo(REFRESH, 'POST')).toHaveLength(1));
    expect(pb.authStore.isValid).toBe(true);
  });
});
