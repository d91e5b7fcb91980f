/** Query keys of the sign-in screens. */
export const authMethodKeys = {
  providers: ['users', 'auth-methods', 'oauth2'] as const,
};
