import { Group } from '@mantine/core';
import { QuietBoundary } from '../../components/quiet-boundary';
import { AccountMenu } from '../../features/account/account-menu';
import { MessagesLink } from '../../features/messages/messages-link';
import { NotificationsMenu } from '../../features/notifications/notifications-menu';
import type { SessionUser } from '../../lib/session';

/** Messages, notifications and the account menu; each hides itself alone if it fails. */
export function SignedInTools({ user }: { user: SessionUser }) {
  return (
    // Keyed by user so a widget hidden after a failure comes back for the next account.
    <Group key={user.id} gap="xs" wrap="nowrap">
      <QuietBoundary>
        <MessagesLink userId={user.id} />
      </QuietBoundary>
      <QuietBoundary>
        <NotificationsMenu userId={user.id} />
      </QuietBoundary>
      <QuietBoundary>
        <AccountMenu userId={user.id} username={user.username} />
      </QuietBoundary>
    </Group>
  );
}
