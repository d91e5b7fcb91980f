import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { flash, flashError } from '../../components/flash';
import { useSignOnProviders } from './api/auth-methods';
import { ensureProfile, signInWithProvider } from './api/sign-in';
import { LoginLinks } from './login-links';
import { destinationAfterSignIn, redirectQuery, useDelayedNavigate, useRedirectTarget } from './redirect';

export const LOGIN_SUCCESS_TEXT = 'Login successful! Redirecting...';
/** Long enough to read the success message before the redirect replaces the page. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

/**
 * The /login screen's own part (spec part 1 §2): a button per single-sign-on provider the server
 * offers (none when it offers none), and the way to the username-and-password login, which members
 * without single sign-on need.
 */
export function SingleSignOn() {
  const providers = useSignOnProviders();
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();

  const signIn = useMutation({
    mutationFn: async (provider: string) => {
      await signInWithProvider(provider);
      return ensureProfile();
    },
    onError: flashError,
    onSuccess: (profileCreated) => {
      // A first sign-in with nowhere else to go has an empty profile: the member fills it in first.
      const destination = destinationAfterSignIn(target, profileCreated);
      if (destination === '/edit-profile') {
        void navigate(destination, { replace: true });
        return;
      }
      flash.success(LOGIN_SUCCESS_TEXT);
      navigateLater(destination, LOGIN_REDIRECT_DELAY_MS);
    },
  });

  return (
    <Stack align="flex-start">
      {(providers.data ?? []).map((provider) => (
        <Button
          key={provider.name}
          size="md"
          loading={signIn.isPending && signIn.variables === provider.name}
          disabled={signIn.isPending || signIn.isSuccess}
          onClick={() => signIn.mutate(provider.name)}
        >
          Login with {provider.displayName || provider.name}
        </Button>
      ))}
      <Text>
        Have a username and password?{' '}
        <Anchor component={Link} to={`/secret/login${redirectQuery(target)}`}>
          Login with your username
        </Anchor>
      </Text>
      <LoginLinks />
    </Stack>
  );
}
