import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { flash, flashError } from '../../components/flash';
import { confirmEmailChange, requestEmailChange } from './api/change-credentials';

export const EMAIL_CHANGE_TEXTS = {
  sent: 'Verification email sent, go check your new email to verify it.',
  changed: 'Your email address has been changed. Please log in again.',
} as const;

/**
 * `?emailChangeToken=…` (PRODUCT.md §3): confirming asks for the password, then the member is signed
 * out (spec part 1 §4) and sent to log in again.
 */
function ConfirmEmailChange({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const confirm = useMutation({
    mutationFn: () => confirmEmailChange(token, password),
    onError: flashError,
    onSuccess: () => {
      flash.success(EMAIL_CHANGE_TEXTS.changed);
      void navigate('/login');
    },
  });
  return (
    <form
      aria-label="Confirm your new email"
      onSubmit={(event) => {
        event.preventDefault();
        if (password) confirm.mutate();
      }}
    >
      <Stack gap="xs">
        <Text>Enter your password to confirm your new email address.</Text>
        <Group align="flex-end">
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" loading={confirm.isPending} disabled={!password}>
            Confirm Email Change
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RequestEmailChange() {
  const [newEmail, setNewEmail] = useState('');
  const request = useMutation({
    mutationFn: () => requestEmailChange(newEmail),
    onError: flashError,
    onSuccess: () => {
      flash.success(EMAIL_CHANGE_TEXTS.sent);
      setNewEmail('');
    },
  });
  return (
    <form
      aria-label="Change email"
      onSubmit={(event) => {
        event.preventDefault();
        if (newEmail.trim()) request.mutate();
      }}
    >
      <Group align="flex-end">
        <TextInput
          label="New email"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit" variant="light" loading={request.isPending} disabled={!newEmail.trim()}>
          Change Email
        </Button>
      </Group>
    </form>
  );
}

/** Changing the email (spec part 1 §2 "Settings"): request with the new address, confirm from the mail. */
export function ChangeEmail() {
  const [params] = useSearchParams();
  const token = params.get('emailChangeToken');
  return (
    <Stack component="section" aria-labelledby="settings-change-email" gap="xs">
      <Title order={3} id="settings-change-email">
        Change Email
      </Title>
      {token ? <ConfirmEmailChange token={token} /> : <RequestEmailChange />}
    </Stack>
  );
}
