import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { AGE_CHECK_TEXTS } from '../src/features/age-check/birthday-prompt';
import { pb } from '../src/lib/pocketbase';
import { fakeApi } from './fake-api';
import { renderApp } from './render';
import { signIn, userRecord } from './session';
import { USER_ID } from './shell-helpers';

const USER = `/api/collections/users/records/${USER_ID}`;
const saves = () => fakeApi.requestsTo(USER, 'PATCH');
const yearsAgo = (years: number) => {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years);
  return day.toISOString().slice(0, 10);
};

describe('the birthday a member gives before posting (imported and single sign-on members)', () => {
  it('asks a member without a birthday, saves it once, and goes away', async () => {
    signIn({ birthday: '' });
    fakeApi.on('PATCH', USER, { body: userRecord({ birthday: '1985-03-03 00:00:00.000Z' }) });
    renderApp('/stories/browse');
    expect(await screen.findByRole('heading', { level: 2, name: AGE_CHECK_TEXTS.title })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Birthday/), '1985-03-03');
    await userEvent.click(screen.getByRole('button', { name: 'Save Birthday' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: AGE_CHECK_TEXTS.title })).toBeNull());
    expect(saves().map((r) => r.body)).toEqual([{ birthday: '1985-03-03' }]);
    expect(getFlashMessages().map((m) => `${m.type}: ${m.text}`)).toContain(
      `success: ${AGE_CHECK_TEXTS.saved}`,
    );
    expect((pb.authStore.record as { birthday?: string }).birthday).toBe('1985-03-03 00:00:00.000Z');
  });

  it('refuses a birthday under 18 before asking the server', async () => {
    signIn({ birthday: '' });
    renderApp('/stories/browse');
    await userEvent.type(await screen.findByLabelText(/^Birthday/), yearsAgo(17));
    await userEvent.click(screen.getByRole('button', { name: 'Save Birthday' }));
    expect(await screen.findByText('You must be at least 18 years old to register')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('is not shown to members who gave their birthday, nor to visitors', async () => {
    signIn();
    renderApp('/stories/browse');
    await screen.findByRole('heading', { level: 1, name: 'Browse Stories' });
    expect(screen.queryByRole('heading', { name: AGE_CHECK_TEXTS.title })).toBeNull();
  });
});
