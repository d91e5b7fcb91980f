import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { fakeApi, listOf } from './fake-api';
import { currentUrl, renderApp } from './render';

const REQUEST = '/api/collections/users/request-password-reset';
const CONFIRM = '/api/collections/users/confirm-password-reset';

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

/** Watches the timers the page sets, to find the redirect's pause. */
function watchTimers() {
  return vi.spyOn(window, 'setTimeout');
}

/** The spec's 3000 ms: the page waits exactly that long before it goes to /login, and not before. */
async function expectLoginAfter3000ms(
  timers: ReturnType<typeof watchTimers>,
  router: Parameters<typeof currentUrl>[0],
  from: string,
) {
  const redirect = timers.mock.calls.find(([, delay]) => delay === 3000);
  expect(redirect).toBeDefined();
  expect(currentUrl(router)).toBe(from);
  act(() => (redirect?.[0] as () => void)());
  await waitFor(() => expect(currentUrl(router)).toBe('/login'));
}

describe('/forgot-password without a token', () => {
  it('asks for the email, sends the reset request, shows the spec’s text and goes to /login after 3000 ms', async () => {
    fakeApi.on('POST', REQUEST, { status: 204 });
    const { router } = renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), ' Tom@Example.com ');
    const timers = watchTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));

    expect(
      await screen.findByText(
        'Password reset email sent. Follow the instructions within to reset your password.',
      ),
    ).toBeTruthy();
    expect(fakeApi.requestsTo(REQUEST).map((r) => r.body)).toEqual([{ email: 'tom@example.com' }]);
    await expectLoginAfter3000ms(timers, router, '/forgot-password');
  });

  it('requires the email', async () => {
    renderApp('/forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send Reset Email' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(fakeApi.requestsTo(REQUEST)).toHaveLength(0);
  });

  it('shows a refusal as an error flash and stays', async () => {
    fakeApi.on('POST', REQUEST, {
      status: 429,
      body: { status: 429, message: 'Too many requests. Try again later.', data: {} },
    });
    const { router } = renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'tom@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    await waitFor(() => expect(flashTexts()).toEqual(['error: Too many requests. Try again later.']));
    expect(currentUrl(router)).toBe('/forgot-password');
  });
});

describe('/forgot-password?resetToken=…', () => {
  it('says what this step is, not the request form’s sentence', async () => {
    const asking = 'Enter the email of your account and we will send you a link to choose a new password.';
    fakeApi.on('GET', '/api/collections/pages/records', {
      body: listOf([
        { id: 'pg1', slug: 'forgot-password', title: 'Forgot Password', content: `<p>${asking}</p>` },
      ]),
    });
    renderApp('/forgot-password');
    expect(await screen.findByText(asking)).toBeTruthy();

    cleanup();
    renderApp('/forgot-password?resetToken=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeTruthy();
    expect(
      screen.getByText(
        'Enter the new password for your account twice. Other devices signed in to it will be signed out.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(asking)).toBeNull();
    // Its browser title names the step (spec part 1 §1: "{page title} | {site title}").
    await waitFor(() => expect(document.title).toMatch(/^Choose a New Password \| /));
  });

  it('sets the new password with the token, shows the spec’s text and goes to /login after 3000 ms', async () => {
    fakeApi.on('POST', CONFIRM, { status: 204 });
    const { router } = renderApp('/forgot-password?resetToken=tok123');
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'a new secret');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'a new secret');
    const timers = watchTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('Your password has been reset! Redirecting you to the login page shortly.'),
    ).toBeTruthy();
    expect(fakeApi.requestsTo(CONFIRM).map((r) => r.body)).toEqual([
      { token: 'tok123', password: 'a new secret', passwordConfirm: 'a new secret' },
    ]);
    await expectLoginAfter3000ms(timers, router, '/forgot-password?resetToken=tok123');
  });

  it('requires both fields but leaves a mismatch to the server, whose answer is flashed', async () => {
    fakeApi.on('POST', CONFIRM, {
      status: 400,
      body: {
        status: 400,
        message: 'Failed to confirm the password reset.',
        data: { passwordConfirm: { code: 'validation_values_mismatch', message: 'Values don’t match.' } },
      },
    });
    renderApp('/forgot-password?resetToken=tok123');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    expect(fakeApi.requestsTo(CONFIRM)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^New Password/), 'one');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'two');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(flashTexts()).toEqual([
        'error: Failed to confirm the password reset.',
        'error: passwordConfirm: Values don’t match. (validation_values_mismatch)',
      ]),
    );
  });
});
