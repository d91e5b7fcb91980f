import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { flashError } from '../../components/flash';
import { ensureProfile, signInWithPassword } from './api/sign-in';
import { LoginLinks } from './login-links';
import { REQUIRED_TEXTS } from './messages';
import { destinationAfterSignIn, useRedirectTarget } from './redirect';

interface LoginValues {
  username: string;
  password: string;
}

/**
 * The /secret/login form (spec part 1 §2): Username and Password, both required. Success goes to the
 * redirect query (or `/`); each failure shows as an error flash.
 */
export function PasswordLoginForm() {
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const form = useForm<LoginValues>({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : REQUIRED_TEXTS.username),
      password: (value) => (value ? null : REQUIRED_TEXTS.password),
    },
  });

  const signIn = useMutation({
    mutationFn: async ({ username, password }: LoginValues) => {
      await signInWithPassword(username, password);
      return ensureProfile();
    },
    onError: flashError,
    onSuccess: (profileCreated) =>
      void navigate(destinationAfterSignIn(target, profileCreated), { replace: true }),
  });
  useServerErrors(form, signIn.error, { identity: 'username' });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => signIn.mutate(values))}>
      <Stack maw={420}>
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          withAsterisk
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signIn.isPending} style={{ alignSelf: 'flex-start' }}>
          Login
        </Button>
        <LoginLinks />
      </Stack>
    </form>
  );
}
