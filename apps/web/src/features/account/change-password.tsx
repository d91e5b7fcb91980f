import { Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import { useMutation } from '@tanstack/react-query';
import { flash, flashError } from '../../components/flash';
import { useSession } from '../../lib/session';
import { changePassword, type PasswordChange } from './api/change-credentials';

export const PASSWORD_TEXTS = {
  changed: 'Your password has been changed. You were signed out everywhere else.',
  oldRequired: 'Your current password is required',
  newRequired: 'A new password is required',
  mismatch: 'Passwords do not match',
} as const;

const EMPTY: PasswordChange = { oldPassword: '', password: '', passwordConfirm: '' };

/** Change password (the old one required); every other session ends (PRODUCT.md §3). */
export function ChangePassword() {
  const { user } = useSession();
  const form = useForm<PasswordChange>({
    initialValues: EMPTY,
    validate: {
      oldPassword: (value) => (value ? null : PASSWORD_TEXTS.oldRequired),
      password: (value) => (value ? null : PASSWORD_TEXTS.newRequired),
      passwordConfirm: (value, values) => (value === values.password ? null : PASSWORD_TEXTS.mismatch),
    },
  });
  const change = useMutation({
    mutationFn: (values: PasswordChange) => changePassword(user?.id ?? '', user?.username ?? '', values),
    onError: flashError,
    onSuccess: () => {
      flash.success(PASSWORD_TEXTS.changed);
      form.reset();
    },
  });
  useServerErrors(form, change.error);

  return (
    <Stack component="section" aria-labelledby="settings-password" gap="xs">
      <Title order={2} id="settings-password">
        Password
      </Title>
      <form
        onSubmit={form.onSubmit((values) => change.mutate(values))}
        aria-label="Change password"
        noValidate
      >
        <Stack gap="xs" maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('oldPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('passwordConfirm')}
          />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change Password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
