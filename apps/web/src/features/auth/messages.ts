/** Required-field texts the sign-in, registration and reset forms share (the spec gives none of these). */
export const REQUIRED_TEXTS = {
  username: 'Username is required',
  email: 'Email is required',
  password: 'Password is required',
  passwordConfirm: 'Please confirm your password',
} as const;
