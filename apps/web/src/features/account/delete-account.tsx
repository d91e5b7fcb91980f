import { Button, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useServerErrors } from '../../components/form-errors';
import { flash, flashError } from '../../components/flash';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeleteAccount, type AccountDeletion } from './api/delete-account';

export const DELETE_ACCOUNT_TEXTS = {
  passwordRequired: 'Enter your password to delete your account',
  requested: (when: string) =>
    `Your account will be deleted on ${when}. Sign in before then if you change your mind.`,
} as const;

const EMPTY: AccountDeletion = { password: '', works: 'orphan', discussions: 'keep' };

/**
 * "Delete my account" (issue 45): the member chooses what becomes of their works and their comments,
 * and confirms with their password. The server waits 7 days before erasing the account; signing in
 * meanwhile cancels it. What stays and what goes is said here in the words of the privacy page.
 */
export function DeleteAccount() {
  const { user } = useSession();
  const navigate = useNavigate();
  const form = useForm<AccountDeletion>({
    initialValues: EMPTY,
    validate: { password: (value) => (value ? null : DELETE_ACCOUNT_TEXTS.passwordRequired) },
  });
  const remove = useDeleteAccount(user?.id ?? '', {
    onError: flashError,
    onSuccess: async (answer) => {
      await navigate('/');
      // A warning rather than a success: it must outlive the navigation (which closes success flashes),
      // and it is one the member should read.
      flash.warning(DELETE_ACCOUNT_TEXTS.requested(formatDateTime(answer.eraseAfter)));
    },
  });
  useServerErrors(form, remove.error);

  const submit = (values: AccountDeletion) => remove.mutate(values);

  return (
    <Stack component="section" aria-labelledby="settings-delete-account" gap="xs">
      <Title order={2} id="settings-delete-account">
        Delete my account
      </Title>
      <Text size="sm" maw={640}>
        Your account is erased 7 days after you ask; signing in before then cancels it. Your likes, favorites,
        follows, reading progress, blocks, mutes, drafts and profile are removed. Messages stay with the
        members you wrote to, without your name. Your username is free again 30 days after.
      </Text>
      <form onSubmit={form.onSubmit(submit)} aria-label="Delete my account" noValidate>
        <Stack gap="sm" maw={640}>
          <Radio.Group label="Your stories and series" {...form.getInputProps('works')}>
            <Stack gap={4} mt={4}>
              <Radio value="orphan" label='Keep them for readers, shown as by "orphaned"' />
              <Radio value="delete" label="Delete them" />
            </Stack>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            A story you wrote with co-authors stays theirs either way; only your name leaves it.
          </Text>
          <Radio.Group label="Your comments and forum posts" {...form.getInputProps('discussions')}>
            <Stack gap={4} mt={4}>
              <Radio
                value="keep"
                label='Keep them, shown as by "deleted member" (other members replied to them)'
              />
              <Radio
                value="delete"
                label="Delete them (those others answered keep their place, without your text)"
              />
            </Stack>
          </Radio.Group>
          <PasswordInput
            label="Your password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" color="red" loading={remove.isPending} w="fit-content">
            Delete My Account
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
