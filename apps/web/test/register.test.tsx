import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { ageOn, validateBirthday, validateUsername } from '../src/features/auth/register-validation';
import { pb } from '../src/lib/pocketbase';
import { fakeApi, isShellBackground, listOf, type FakeReply } from './fake-api';
import { currentUrl, renderApp } from './render';
import { authAnswer, userRecord } from './session';
import { USER_ID, header } from './shell-helpers';

const USERS = '/api/collections/users/records';
const PROFILES = '/api/collections/profiles/records';
const AUTH = '/api/collections/users/auth-with-password';
const VERIFY = '/api/collections/users/request-verification';

// Long forms: keystrokes without a timer between them keep the tests quick on a busy machine.
const userEvent = userEventLib.setup({ delay: null });

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

const field = (label: RegExp) => screen.getByLabelText(label);

/** The texts tied to a field for assistive technology (its hint and its error). */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

interface Entry {
  username?: string;
  name?: string;
  email?: string;
  birthday?: string;
  password?: string;
  passwordConfirm?: string;
  terms?: boolean;
}

const VALID: Required<Entry> = {
  username: ' Tiny_Tom ',
  name: 'Tom Thumb',
  email: ' Tom@Example.COM ',
  birthday: '1990-05-05',
  password: 'correct horse battery',
  passwordConfirm: 'correct horse battery',
  terms: true,
};

async function fillForm(entry: Entry) {
  await screen.findByRole('button', { name: 'Register' });
  const texts: [RegExp, string | undefined][] = [
    [/^Username/, entry.username],
    [/^Display Name/, entry.name],
    [/^Email/, entry.email],
    [/^Birthday/, entry.birthday],
    [/^Password/, entry.password],
    [/^Confirm Password/, entry.passwordConfirm],
  ];
  for (const [label, value] of texts) if (value) await userEvent.type(field(label), value);
  if (entry.terms) await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

/** The writes the registration made, in order, as "METHOD path body". */
const writes = () =>
  fakeApi.requests
    .filter((r) => r.method !== 'GET' && !isShellBackground(r))
    .map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? null)}`);

function serveRegistration() {
  fakeApi.on('POST', USERS, (request) => ({
    body: { ...userRecord({ profile: '' }), ...(request.body as object), password: undefined },
  }));
  let signIns = 0;
  fakeApi.on('POST', AUTH, () => {
    signIns += 1;
    return { body: authAnswer(signIns === 1 ? { profile: '' } : {}) };
  });
  fakeApi.on('POST', PROFILES, (request) => ({
    body: { id: 'profile12345678', ...(request.body as object) },
  }));
  fakeApi.on('PATCH', `${USERS}/${USER_ID}`, { body: userRecord() });
  fakeApi.on('POST', VERIFY, { status: 204 });
}

describe('/register, the form', () => {
  it('shows the page content, every field with its hint, the terms checkbox and Register', async () => {
    fakeApi.on('GET', '/api/collections/pages/records', {
      body: listOf([{ id: 'p', slug: 'register', title: 'Register', content: '<p>Join us.</p>' }]),
    });
    renderApp('/register');
    expect(await screen.findByText('Join us.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();

    expect(field(/^Username/).getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('May only contain letters, numbers, hyphens, underscores and periods.'),
    ).toBeTruthy();
    expect(field(/^Display Name/)).toBeTruthy();
    expect(screen.getByText('a name displayed publicly')).toBeTruthy();
    expect(field(/^Email/).getAttribute('type')).toBe('email');
    expect(field(/^Birthday/).getAttribute('type')).toBe('date');
    expect(
      screen.getByText(
        'Your birthday cannot be changed after registering without contacting a site admin. It is only used to verify your age and, if you choose, to show your age on your profile.',
      ),
    ).toBeTruthy();
    expect(field(/^Password/).getAttribute('type')).toBe('password');
    expect(field(/^Confirm Password/).getAttribute('type')).toBe('password');

    const terms = screen.getByRole<HTMLInputElement>('checkbox');
    // Its label, word for word (read as text: the test DOM spaces out the links in accessible names).
    expect(terms.labels?.[0]?.textContent).toBe(
      'I have read, understand and agree to the Terms of Use and the Privacy Policy.',
    );
    expect(terms.checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms-of-use');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('requires every field and sends nothing until they are valid', async () => {
    renderApp('/register');
    await fillForm({});
    for (const message of [
      'Username is required',
      'Name is required',
      'Email is required',
      'Birthday is required',
      'Password is required',
      'Please confirm your password',
      'Please agree to the Terms of Use and the Privacy Policy',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fakeApi.requestsTo(USERS)).toHaveLength(0);
  });

  it('shows the spec’s username, password and age messages word for word', async () => {
    const seventeen = new Date();
    seventeen.setFullYear(seventeen.getFullYear() - 17);
    renderApp('/register');
    await fillForm({
      ...VALID,
      username: 'ab',
      passwordConfirm: 'something else',
      birthday: seventeen.toISOString().slice(0, 10),
    });
    expect(await screen.findByText('Username must be at least 3 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('You must be at least 18 years old to register')).toBeTruthy();
    expect(fakeApi.requestsTo(USERS)).toHaveLength(0);

    await userEvent.clear(field(/^Username/));
    await userEvent.type(field(/^Username/), 'tom@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(
        "Username can only contain letters, numbers, hyphens, periods, and underscores. Username cannot contain the '@' symbol. Make sure you are using your username, not your email address.",
      ),
    ).toBeTruthy();
  });
});

describe('/register, the sequence', () => {
  it('creates the user, signs in, creates and links the profile, signs in again, then opens /edit-profile', async () => {
    serveRegistration();
    const { router } = renderApp('/register');
    await fillForm(VALID);

    await waitFor(() => expect(currentUrl(router)).toBe('/edit-profile'));
    const signIn = `POST ${AUTH} {"identity":"tiny_tom","password":"correct horse battery"}`;
    expect(writes()).toEqual([
      `POST ${USERS} ${JSON.stringify({
        username: 'tiny_tom',
        email: 'tom@example.com',
        birthday: '1990-05-05',
        password: 'correct horse battery',
        passwordConfirm: 'correct horse battery',
      })}`,
      signIn,
      `POST ${PROFILES} {"name":"Tom Thumb","user":"${USER_ID}"}`,
      `PATCH ${USERS}/${USER_ID} {"profile":"profile12345678"}`,
      signIn,
      `POST ${VERIFY} {"email":"tom@example.com"}`,
    ]);
    expect(pb.authStore.isValid).toBe(true);
    // The member is told the mail is on its way, on the page they land on.
    expect(flashTexts()).toEqual([
      'info: Welcome! We sent a verification link to tom@example.com: open it to verify your email address.',
    ]);
    expect((pb.authStore.record as { profile?: string } | null)?.profile).toBe('profile12345678');
    expect(await within(header()).findByRole('button', { name: /Account menu/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Profile' })).toBeTruthy();
  });

  it('shows each server error as an error flash and stops', async () => {
    fakeApi.on('POST', USERS, (): FakeReply => ({
      status: 400,
      body: {
        status: 400,
        message: 'Failed to create record.',
        data: {
          username: { code: 'validation_not_unique', message: 'Value must be unique.' },
          birthday: {
            code: 'validation_too_young',
            message: 'You must be at least 18 years old to register',
          },
        },
      },
    }));
    const { router } = renderApp('/register');
    await fillForm(VALID);

    await waitFor(() =>
      expect(flashTexts()).toEqual([
        'error: Failed to create record.',
        'error: That username is already in use. Please choose a different one.',
        'error: birthday: You must be at least 18 years old to register (validation_too_young)',
      ]),
    );
    expect(writes()).toHaveLength(1);
    expect(currentUrl(router)).toBe('/register');
    expect(pb.authStore.isValid).toBe(false);
    // Beside the fields too, as plain sentences, and the first refused field has the focus.
    const username = field(/^Username/);
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(describedBy(username)).toContain(
      'That username is already in use. Please choose a different one.',
    );
    expect(describedBy(field(/^Birthday/))).toContain('You must be at least 18 years old to register.');
  });

  it('refuses an email without a domain and a password under 8 characters before sending anything', async () => {
    renderApp('/register');
    await fillForm({ ...VALID, email: 'tom@example', password: 'short', passwordConfirm: 'short' });
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    expect(writes()).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
  });

  it('signs out again when a step after the account fails, leaving the profile to the next sign-in', async () => {
    serveRegistration();
    fakeApi.on('POST', PROFILES, {
      status: 400,
      body: { status: 400, message: 'Failed to create record.', data: {} },
    });
    const { router } = renderApp('/register');
    await fillForm(VALID);

    await waitFor(() => expect(flashTexts()).toEqual(['error: Failed to create record.']));
    expect(writes().map((w) => w.split(' ').slice(0, 2).join(' '))).toEqual([
      `POST ${USERS}`,
      `POST ${AUTH}`,
      `POST ${PROFILES}`,
    ]);
    expect(pb.authStore.isValid).toBe(false);
    expect(currentUrl(router)).toBe('/register');
  });
});

describe('registration checks', () => {
  it('judge usernames after trimming and lower-casing', () => {
    expect(validateUsername('  Tom.Thumb-2_x ')).toBeNull();
    expect(validateUsername('   ')).toBe('Username is required');
    expect(validateUsername(' ab ')).toBe('Username must be at least 3 characters long');
    expect(validateUsername('tom thumb')).toBe(
      'Username can only contain letters, numbers, hyphens, periods, and underscores.',
    );
  });

  it('count whole years, the birthday itself included', () => {
    const today = new Date(2026, 4, 5); // 5 May 2026
    expect(ageOn('2008-05-05', today)).toBe(18);
    expect(ageOn('2008-05-06', today)).toBe(17);
    expect(ageOn('not a date', today)).toBeNull();
    expect(validateBirthday('2008-05-05', today)).toBeNull();
    expect(validateBirthday('2008-05-06', today)).toBe('You must be at least 18 years old to register');
    expect(validateBirthday('', today)).toBe('Birthday is required');
  });
});
