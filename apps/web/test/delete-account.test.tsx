import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { pb } from '../src/lib/pocketbase';
import { fakeApi } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';

const DELETE = '/api/account/delete';
const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

async function openForm(path = '/settings') {
  const { router } = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Delete my account' });
  return { form: screen.getByRole('form', { name: 'Delete my account' }), router };
}

describe('/settings, delete my account (issue 45)', () => {
  it('sends the choices with the password, signs out and says when the account goes', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    fakeApi.on('POST', DELETE, {
      status: 200,
      body: { eraseAfter: '2026-12-09 04:00:00.000Z', graceDays: 7, usernameCoolingOffDays: 30 },
    });
    const { form, router } = await openForm();
    // Orphaning the works and keeping the comments are where the form starts.
    expect(within(form).getByRole('radio', { name: /shown as by "orphaned"/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(form).getByRole('radio', { name: /shown as by "deleted member"/ })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(within(form).getByRole('radio', { name: 'Delete them' }));
    await userEvent.type(within(form).getByLabelText(/^Your password/), 'tiny giant 42');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete My Account' }));

    await waitFor(() => expect(fakeApi.requestsTo(DELETE)).toHaveLength(1));
    expect(fakeApi.requestsTo(DELETE)[0]?.body).toEqual({
      password: 'tiny giant 42',
      works: 'delete',
      discussions: 'keep',
    });
    await waitFor(() => expect(pb.authStore.isValid).toBe(false));
    await waitFor(() => expect(flashTexts().join()).toMatch(/^warning: Your account will be deleted on /));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('asks for the password before sending anything, and marks a wrong one beside the field', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    fakeApi.on('POST', DELETE, {
      status: 400,
      body: {
        status: 400,
        message: 'Failed to delete the account.',
        data: { password: { code: 'validation_invalid_password', message: 'The password is not right.' } },
      },
    });
    const { form } = await openForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(form).findByText('Enter your password to delete your account')).toBeTruthy();
    expect(fakeApi.requestsTo(DELETE)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Your password/), 'not it');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(form).findByText(/The password is not right/)).toBeTruthy();
    expect(pb.authStore.isValid).toBe(true);
    expect(flashTexts()).toContain('error: Failed to delete the account.');
  });

  it('without a password: asks for the confirmation mail with the choices, and says so', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    const MAIL = '/api/account/delete/request-mail';
    fakeApi.on('POST', MAIL, { status: 202, body: { confirmWithinMinutes: 60 } });
    const { form } = await openForm();
    await userEvent.click(within(form).getByRole('radio', { name: /^Delete them \(those others answered/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'No password? Confirm by Email' }));
    await waitFor(() =>
      expect(flashTexts()).toContain(
        'info: We sent a confirmation link to your email address. It works for 60 minutes; nothing is deleted until you follow it.',
      ),
    );
    expect(fakeApi.requestsTo(MAIL).map((r) => r.body)).toEqual([{ works: 'orphan', discussions: 'delete' }]);
    expect(fakeApi.requestsTo(DELETE)).toHaveLength(0);
    expect(pb.authStore.isValid).toBe(true);
  });

  it('the mailed link: confirms only on a click, then signs out and says when', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    const CONFIRM = '/api/account/delete/confirm';
    fakeApi.on('POST', CONFIRM, {
      status: 200,
      body: { eraseAfter: '2026-12-09 04:00:00.000Z', graceDays: 7, usernameCoolingOffDays: 30 },
    });
    const { router } = await openForm('/settings?deleteAccountToken=abc123');
    const button = await screen.findByRole('button', { name: 'Confirm Deleting My Account' });
    expect(fakeApi.requestsTo(CONFIRM)).toHaveLength(0);
    await userEvent.click(button);
    await waitFor(() =>
      expect(fakeApi.requestsTo(CONFIRM).map((r) => r.body)).toEqual([{ token: 'abc123' }]),
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    await waitFor(() => expect(pb.authStore.isValid).toBe(false));
    expect(flashTexts().join()).toMatch(/^warning: Your account will be deleted on /);
  });
});
