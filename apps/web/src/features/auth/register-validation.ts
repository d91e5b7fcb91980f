import { AGE_MESSAGES } from '../../lib/age';
import { normalizeIdentity } from './api/sign-in';
import { REQUIRED_TEXTS } from './messages';

export { MINIMUM_AGE, ageOn, validateBirthday } from '../../lib/age';
export const MINIMUM_USERNAME_LENGTH = 3;
/** The server's limits on a password (users collection). */
export const MINIMUM_PASSWORD_LENGTH = 8;
export const MAXIMUM_PASSWORD_LENGTH = 71;

/** The registration form's messages; those of spec part 1 §5 are word for word. */
export const REGISTER_MESSAGES = {
  usernameRequired: REQUIRED_TEXTS.username,
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameCharacters: 'Username can only contain letters, numbers, hyphens, periods, and underscores.',
  usernameAtSign:
    "Username cannot contain the '@' symbol. Make sure you are using your username, not your email address.",
  nameRequired: 'Name is required',
  emailRequired: REQUIRED_TEXTS.email,
  birthdayRequired: AGE_MESSAGES.birthdayRequired,
  tooYoung: AGE_MESSAGES.tooYoung,
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: REQUIRED_TEXTS.password,
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 71 characters long',
  passwordConfirmRequired: REQUIRED_TEXTS.passwordConfirm,
  passwordsDiffer: 'Passwords do not match',
  termsRequired: 'Please agree to the Terms of Use and the Privacy Policy',
} as const;

const USERNAME_CHARACTERS = /^[a-z0-9._-]+$/;

export function validateUsername(value: string): string | null {
  const username = normalizeIdentity(value);
  if (!username) return REGISTER_MESSAGES.usernameRequired;
  if (username.length < MINIMUM_USERNAME_LENGTH) return REGISTER_MESSAGES.usernameTooShort;
  if (USERNAME_CHARACTERS.test(username)) return null;
  // Someone typing an email here gets told why it cannot work.
  return username.includes('@')
    ? `${REGISTER_MESSAGES.usernameCharacters} ${REGISTER_MESSAGES.usernameAtSign}`
    : REGISTER_MESSAGES.usernameCharacters;
}

// The same shape the server accepts: something, an @, a domain with a dot. The server has the last word.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return REGISTER_MESSAGES.emailRequired;
  return EMAIL_SHAPE.test(email) ? null : REGISTER_MESSAGES.emailInvalid;
}

export function validateNewPassword(value: string): string | null {
  if (!value) return REGISTER_MESSAGES.passwordRequired;
  if (value.length < MINIMUM_PASSWORD_LENGTH) return REGISTER_MESSAGES.passwordTooShort;
  return value.length > MAXIMUM_PASSWORD_LENGTH ? REGISTER_MESSAGES.passwordTooLong : null;
}
