import { Divider, Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../lib/use-page-title';
import { ChangeEmail } from './change-email';
import { ChangePassword } from './change-password';
import { EmailVerification } from './email-verification';
import { SettingsForm } from './settings-form';

/**
 * /settings (spec part 1 §2): site and profile settings, email (verification and change) and password.
 * Reader settings and "who may message me" (PRODUCT.md §14) join as further sections when they land.
 */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <Stack gap="xl">
      <Title order={1}>Settings</Title>
      <SettingsForm />
      <Divider />
      <Stack gap="md">
        <EmailVerification />
        <ChangeEmail />
      </Stack>
      <Divider />
      <ChangePassword />
    </Stack>
  );
}
