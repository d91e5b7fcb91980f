import { Stack, Title } from '@mantine/core';
import { DataExport } from '../../features/account/data-export';
import { DeleteAccount } from '../../features/account/delete-account';
import { SettingsPage } from '../../features/account/settings-page';
import { BlockedMembers } from '../../features/blocks/blocked-members';
import { WhoMayMessageMe } from '../../features/messages/who-may-message-me';
import { MutedFiltersSection } from '../../features/mutes/muted-filters-section';
import { ReaderSettingsSection } from '../../features/reader-settings/reader-settings-section';

/**
 * /settings: the account's settings, then reader settings, the messages feature's "Who may message me",
 * the blocks feature's blocked members, the muted tags and labels, downloading the member's data, and
 * last, away from the everyday settings, deleting the account.
 */
export function SettingsScreen() {
  return (
    <Stack gap="xl">
      <SettingsPage />
      <ReaderSettingsSection />
      <Stack gap="xs" component="section" aria-labelledby="settings-messages">
        <Title order={2} id="settings-messages">
          Messages
        </Title>
        <WhoMayMessageMe />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="settings-blocked">
        <Title order={2} id="settings-blocked">
          Blocked members
        </Title>
        <BlockedMembers />
      </Stack>
      <MutedFiltersSection />
      <DataExport />
      <DeleteAccount />
    </Stack>
  );
}
