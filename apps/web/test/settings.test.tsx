import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { pb } from '../src/lib/pocketbase';
import { fakeApi } from './fake-api';
import { currentUrl, renderApp } from './render';
import { fakeToken, signIn } from './session';
import { USER_ID } from './shell-helpers';

const CONFIRM = '/api/collections/users/confirm-verification';
const REQUEST = '/api/collections/users/request-verification';

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

describe('/settings, email verification', () => {
  it('confirms ?verificationToken once on load and shows the email as verified', async () => {
    signIn({ verified: false, email: 'tom@example.com' });
    fakeApi.on('POST', CONFIRM, { status: 204 });
    // A verification token names its user, which lets the SDK mark the signed-in record verified.
    const token = fakeToken({ id: USER_ID, collectionId: '_pb_users_auth_', email: 'tom@example.com' });
    renderApp(`/settings?verificationToken=${token}`);

    expect(await screen.findByText('Email verified successfully.')).toBeTruthy();
    expect(flashTexts()).toEqual(['success: Email verified successfully.']);
    expect(fakeApi.requestsTo(CONFIRM).map((r) => r.body)).toEqual([{ token }]);
    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    expect(pb.authStore.record?.verified).toBe(true);
  });

  it('shows a refused token as an error flash', async () => {
    signIn({ verified: false, email: 'tom@example.com' });
    fakeApi.on('POST', CONFIRM, {
      status: 400,
      body: { status: 400, message: 'Invalid or expired verification token.', data: {} },
    });
    renderApp('/settings?verificationToken=expired');
    await waitFor(() => expect(flashTexts()).toEqual(['error: Invalid or expired verification token.']));
    expect(screen.getByRole('button', { name: 'Send Verification Email' })).toBeTruthy();
  });

  it('lets an unverified member ask for the verification email', async () => {
    signIn({ verified: false, email: 'tom@example.com' });
    fakeApi.on('POST', REQUEST, { status: 204 });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('tom@example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Email' }));
    expect(
      await screen.findByText('Verification email sent, please check your inbox for further instructions.'),
    ).toBeTruthy();
    expect(fakeApi.requestsTo(REQUEST).map((r) => r.body)).toEqual([{ email: 'tom@example.com' }]);
  });

  it('offers nothing to verify once verified', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    renderApp('/settings');
    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Verification Email' })).toBeNull();
  });

  it('keeps the token through sign-in: a guest goes to /login with the full link as redirect', async () => {
    const { router } = renderApp('/settings?verificationToken=abc');
    await screen.findByRole('heading', { level: 1 });
    expect(currentUrl(router)).toBe('/login?redirect=%2Fsettings%3FverificationToken%3Dabc');
    expect(fakeApi.requestsTo(CONFIRM)).toHaveLength(0);
  });
});
