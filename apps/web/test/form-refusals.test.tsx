/**
 * A refused submission shows where the member is looking: each field the server named is marked with a
 * sentence beside it and takes the focus; a refusal naming no field shows beside the form's buttons; the
 * flash keeps the spec's wording (part 1 §8) in both cases.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { fakeApi, listOf } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { COMMENTS, FAVORITES, LIKES, POSTS, STORIES, VIEWS, story } from './story-fixtures';

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

function refusal(
  status: number,
  message: string,
  data: Record<string, { code: string; message: string }> = {},
) {
  return { status, body: { status, message, data } };
}

/**
 * Marked invalid: Mantine's inputs say so with aria-invalid, its password inputs only with data-invalid
 * (their error is still announced through aria-describedby).
 */
function isMarked(field: HTMLElement): boolean {
  return field.getAttribute('aria-invalid') === 'true' || field.getAttribute('data-invalid') === 'true';
}

/** The field's error text, read through its accessible description (as a screen reader announces it). */
function describedError(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('every form marks the fields the server refused', () => {
  it('the story form: the refused title is marked and focused, the flash keeps the spec’s text', async () => {
    signIn({ verified: true });
    fakeApi.on(
      'POST',
      POSTS,
      refusal(400, 'Failed to create record.', {
        title: { code: 'validation_max_text_constraint', message: 'Must be no more than 200 character(s)' },
      }),
    );
    renderApp('/stories/submit');
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.type(title, 'A title');
    await userEvent.type(screen.getByLabelText(/^Content/), 'Text.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Story' }));

    await waitFor(() => expect(isMarked(title)).toBe(true));
    expect(describedError(title)).toContain('Must be no more than 200 character(s).');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(flashTexts()).toContain(
      'error: Something went wrong while submitting your post. Please try again later.',
    );
    // Nothing names a field the form does not have, so nothing shows beside the button.
    expect(within(title.closest('form')!).queryByRole('alert')).toBeNull();
  });

  it('the comment form: a posting limit shows beside its button and the text stays', async () => {
    signIn();
    fakeApi.on('GET', `${STORIES}/s1`, { body: story('s1', 'The Lighthouse Keeper') });
    fakeApi.on('GET', VIEWS, { body: listOf([]) });
    fakeApi.on('POST', VIEWS, (request) => ({ body: { id: 'v1', ...(request.body as object) } }));
    fakeApi.on('GET', LIKES, { body: listOf([]) });
    fakeApi.on('GET', FAVORITES, { body: listOf([]) });
    fakeApi.on('GET', COMMENTS, { body: listOf([], { perPage: 500 }) });
    fakeApi.on('POST', COMMENTS, refusal(429, 'You are doing that too often. Try again in 3 seconds.'));
    renderApp('/stories/s1');

    const box = await screen.findByRole('textbox', { name: /^Comment/ });
    await userEvent.type(box, 'Lovely.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));

    const form = box.closest('form')!;
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('You are doing that too often. Try again in 3 seconds.');
    expect((box as HTMLTextAreaElement).value).toBe('Lovely.');
    expect(flashTexts()).toEqual(['error: You are doing that too often. Try again in 3 seconds.']);
  });

  it('the comment form: a refused content is marked at the box', async () => {
    signIn();
    fakeApi.on('GET', `${STORIES}/s1`, { body: story('s1', 'The Lighthouse Keeper') });
    fakeApi.on('GET', VIEWS, { body: listOf([]) });
    fakeApi.on('POST', VIEWS, (request) => ({ body: { id: 'v1', ...(request.body as object) } }));
    fakeApi.on('GET', LIKES, { body: listOf([]) });
    fakeApi.on('GET', FAVORITES, { body: listOf([]) });
    fakeApi.on('GET', COMMENTS, { body: listOf([], { perPage: 500 }) });
    fakeApi.on(
      'POST',
      COMMENTS,
      refusal(400, 'Failed to create record.', {
        content: {
          code: 'validation_max_text_constraint',
          message: 'Must be no more than 10000 character(s)',
        },
      }),
    );
    renderApp('/stories/s1');

    const box = await screen.findByRole('textbox', { name: /^Comment/ });
    await userEvent.type(box, 'Long.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(isMarked(box)).toBe(true));
    expect(describedError(box)).toContain('Must be no more than 10000 character(s).');
  });

  it('the password change: the refused current password is marked, a new attempt clears it', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    fakeApi.on(
      'PATCH',
      `/api/collections/users/records/${USER_ID}`,
      refusal(400, 'Failed to update record.', {
        oldPassword: { code: 'validation_invalid_old_password', message: 'Missing or invalid old password.' },
      }),
    );
    renderApp('/settings');
    const current = await screen.findByLabelText(/^Current password/);
    await userEvent.type(current, 'wrong one');
    await userEvent.type(screen.getByLabelText(/^New password/), 'a new passphrase');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'a new passphrase');
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));

    await waitFor(() => expect(isMarked(current)).toBe(true));
    expect(describedError(current)).toContain('Missing or invalid old password.');
    expect(flashTexts()).toContain('error: Failed to update record.');

    // Emptied and sent again, the form's own check replaces the server's mark of the last attempt.
    await userEvent.clear(current);
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(describedError(current)).not.toContain('Missing or invalid old password.'));
    expect(describedError(current)).toContain('Your current password is required');
  });

  it('the new-password form of a reset: a mismatch the server found is marked at the confirmation', async () => {
    fakeApi.on(
      'POST',
      '/api/collections/users/confirm-password-reset',
      refusal(400, 'Failed to update record.', {
        passwordConfirm: { code: 'validation_values_mismatch', message: "Values don't match." },
      }),
    );
    renderApp('/forgot-password?resetToken=abc');
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'a new passphrase');
    const confirm = screen.getByLabelText(/^Confirm/);
    await userEvent.type(confirm, 'another passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(isMarked(confirm)).toBe(true));
    expect(describedError(confirm)).toContain("Values don't match.");
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(flashTexts()).toEqual([
      'error: Failed to update record.',
      "error: passwordConfirm: Values don't match. (validation_values_mismatch)",
    ]);
  });
});
