import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import { useSearchParams } from 'react-router';
import { flash } from '../../components/flash';
import { useConfirmPasswordReset } from './api/confirm-password-reset';
import { useRequestPasswordReset } from './api/request-password-reset';
import { REQUIRED_TEXTS } from './messages';
import { useDelayedNavigate } from './redirect';

export const RESET_TEXTS = {
  requested: 'Password reset email sent. Follow the instructions within to reset your password.',
  done: 'Your password has been reset! Redirecting you to the login page shortly.',
};
/** Spec part 1 §9: the wait before going to /login after either form succeeds. */
export const RESET_REDIRECT_DELAY_MS = 3000;

/** Both forms end the same way: the success text, then /login after the spec's pause. */
function useFinish(text: string) {
  const navigateLater = useDelayedNavigate();
  return () => {
    flash.success(text);
    navigateLater('/login', RESET_REDIRECT_DELAY_MS);
  };
}

function RequestResetForm() {
  const finish = useFinish(RESET_TEXTS.requested);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : REQUIRED_TEXTS.email) },
  });
  const request = useRequestPasswordReset(finish);
  useServerErrors(form, request.error);
  return (
    <form noValidate onSubmit={form.onSubmit(({ email }) => request.mutate(email))}>
      <Stack maw={420}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <Button
          type="submit"
          loading={request.isPending}
          disabled={request.isSuccess}
          style={{ alignSelf: 'flex-start' }}
        >
          Send Reset Email
        </Button>
      </Stack>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const finish = useFinish(RESET_TEXTS.done);
  const form = useForm({
    initialValues: { password: '', passwordConfirm: '' },
    // Only presence is checked here: a mismatch is reported by the server (spec part 1 §5).
    validate: {
      password: (value) => (value ? null : REQUIRED_TEXTS.password),
      passwordConfirm: (value) => (value ? null : REQUIRED_TEXTS.passwordConfirm),
    },
  });
  const reset = useConfirmPasswordReset(token, finish);
  useServerErrors(form, reset.error);
  return (
    <form noValidate onSubmit={form.onSubmit((values) => reset.mutate(values))}>
      <Stack maw={420}>
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('passwordConfirm')}
        />
        <Button
          type="submit"
          loading={reset.isPending}
          disabled={reset.isSuccess}
          style={{ alignSelf: 'flex-start' }}
        >
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}

/** /forgot-password (spec part 1 §2): the email form, or with `resetToken` the new-password form. */
export function ForgotPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('resetToken');
  return token ? <NewPasswordForm key={token} token={token} /> : <RequestResetForm />;
}
