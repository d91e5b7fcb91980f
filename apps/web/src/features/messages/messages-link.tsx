import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from 'react-router';
import { MailIcon } from '../../components/icons';
import { formatBadgeCount } from '../../lib/format';
import { useUnreadInbox } from './api/get-unread-inbox';

/**
 * The header's link to /messages with the unread badge ("9+" above 9). While loading, when there is
 * nothing unread, or when the server cannot answer yet, the badge is simply not shown.
 */
export function MessagesLink({ userId }: { userId: string }) {
  const inbox = useUnreadInbox(userId);
  const unread = inbox.data?.totalItems ?? 0;
  const label = unread > 0 ? `Messages (${formatBadgeCount(unread)} unread)` : 'Messages';
  return (
    <Indicator label={formatBadgeCount(unread)} size={18} disabled={unread === 0} color="red" offset={4}>
      <ActionIcon component={Link} to="/messages" variant="subtle" size="lg" aria-label={label}>
        <MailIcon />
      </ActionIcon>
    </Indicator>
  );
}
