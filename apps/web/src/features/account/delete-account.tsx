import { Alert, Button, Group, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useServerErrors } from '../../components/form-errors';
import { flash, flashError } from '../../components/flash';
import { formatDateTime } from '../../lib/format';
import { pb } from '../../lib/pocketbase';
import { useSession } from '../../lib/session';
import {
  useConfirmAccountDeletion,
  useDeleteAccount,
  useRequestDeletionMail,
  type AccountDeletion,
  type DeletionAnswer,
} from './api/delete-account';

export const DELETE_ACCOUNT_TEXTS = {
  passwordRequired: 'Enter your password to delete your account',
  requested: (when: string) =>
    `Your account will be deleted on ${when}. Sign in before then if you change your mind.`,
  mailed: (minutes: number) =>
    `We sent a confirmation link to your email address. It works for ${minutes} minutes; nothing is deleted until you follow it.`,
} as const;

type AfterDeletion = (answer: DeletionAnswer) => Promise<void>;

/**
 * After the request: away from the settings, told when the account goes, and signed out (the server
 * ended every session) once the settings screen is gone. Signing out while it is still shown would
 * let its guard send the member to sign in instead: the router commits a navigation later, in a
 * transition, and the session store's change would reach the old screen first.
 */
function useAfterDeletion(): AfterDeletion {
  const navigate = useNavigate();
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (leaving.current) pb.authStore.clear();
    },
    [],
  );
  return async (answer) => {
    leaving.current = true;
    await navigate('/');
    // A warning rather than a success: it must outlive the navigation (which closes success flashes),
    // and it is one the member should read.
    flash.warning(DELETE_ACCOUNT_TEXTS.requested(formatDateTime(answer.eraseAfter)));
  };
}

/**
 * `/settings?deleteAccountToken=…`, the mailed link: the member confirms with a click rather than on
 * load, so a mail client that opens links to check them deletes nothing.
 */
function ConfirmFromMail({ token, onDeleted }: { token: string; onDeleted: AfterDeletion }) {
  const { user } = useSession();
  const confirm = useConfirmAccountDeletion(user?.id ?? '', { onError: flashError, onSuccess: onDeleted });
  return (
    <Alert color="red" title="Confirm deleting your account">
      <Stack gap="xs">
        <Text size="sm">
          You followed the link mailed to you. Your account will be erased 7 days after you confirm, with the
          choices you made; signing in before then cancels it.
        </Text>
        <Group>
          <Button color="red" loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
            Confirm Deleting My Account
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

const EMPTY: AccountDeletion = { password: '', works: 'orphan', discussions: 'keep' };

/**
 * "Delete my account" (issue 45): the member chooses what becomes of their works and their comments,
 * and confirms with their password. The server waits 7 days before erasing the account; signing in
 * meanwhile cancels it. What stays and what goes is said here in the words of the privacy page.
 */
export function DeleteAccount() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const token = params.get('deleteAccountToken');
  const form = useForm<AccountDeletion>({
    initialValues: EMPTY,
    validate: { password: (value) => (value ? null : DELETE_ACCOUNT_TEXTS.passwordRequired) },
  });
  const afterDeletion = useAfterDeletion();
  const remove = useDeleteAccount(user?.id ?? '', { onError: flashError, onSuccess: afterDeletion });
  useServerErrors(form, remove.error);
  const mail = useRequestDeletionMail(user?.id ?? '', {
    onError: flashError,
    onSuccess: (answer) => flash.info(DELETE_ACCOUNT_TEXTS.mailed(answer.confirmWithinMinutes)),
  });

  const submit = (values: AccountDeletion) => remove.mutate(values);
  const { works, discussions } = form.getValues();

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
      {token && <ConfirmFromMail token={token} onDeleted={afterDeletion} />}
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
          <Group>
            <Button type="submit" color="red" loading={remove.isPending}>
              Delete My Account
            </Button>
            <Button
              variant="subtle"
              color="red"
              loading={mail.isPending}
              disabled={mail.isSuccess}
              onClick={() => mail.mutate({ works, discussions })}
            >
              No password? Confirm by Email
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
