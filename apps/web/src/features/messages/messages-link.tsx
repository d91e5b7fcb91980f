import { ActionIcon, Group, Indicator, Menu, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MailIcon } from '../../components/icons';
import { formatBadgeCount } from '../../lib/format';
import { conversationIdOf } from './api/conversation-id';
import { useInboxSenders } from './api/get-inbox-senders';
import { memberName } from './api/get-member-profiles';
import { useUnreadInbox } from './api/get-unread-inbox';
import { useLiveMessages } from './api/live-messages';
import { snippetOf } from './snippet';

export const NO_UNREAD_MESSAGES_TEXT = 'No unread messages';

const ChevronIcon = () => (
  <svg
    width={14}
    height={14}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="m6 9 6 6 6-6" />
  </svg>
);

/**
 * The header's link to /messages with the unread badge ("9+" above 9), and beside it the inbox dropdown:
 * page 1 of 10 unread messages, newest first, each opening its conversation (spec part 1 §2, §9; part 2
 * §7). It also holds the one live subscription that keeps every messages screen current. While loading,
 * when there is nothing unread, or when the server cannot answer yet, the badge is simply not shown.
 */
export function MessagesLink({ userId }: { userId: string }) {
  useLiveMessages(userId);
  const inbox = useUnreadInbox(userId);
  const unread = inbox.data?.totalItems ?? 0;
  const items = inbox.data?.items ?? [];
  const senders = useInboxSenders(items.map((item) => item.from));
  const label = unread > 0 ? `Messages (${formatBadgeCount(unread)} unread)` : 'Messages';
  return (
    <Group gap={0} wrap="nowrap">
      <Indicator label={formatBadgeCount(unread)} size={18} disabled={unread === 0} color="red" offset={4}>
        <ActionIcon component={Link} to="/messages" variant="subtle" size="lg" aria-label={label}>
          <MailIcon />
        </ActionIcon>
      </Indicator>
      <Menu position="bottom-end" width={320} shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" size="md" aria-label="Inbox">
            <ChevronIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Unread messages</Menu.Label>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              {NO_UNREAD_MESSAGES_TEXT}
            </Text>
          ) : (
            items.map((item) => (
              <Menu.Item
                key={item.id}
                component={Link}
                to={`/messages/${conversationIdOf(item.from, userId)}`}
              >
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {memberName(senders.data?.get(item.from))}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {snippetOf(item.content)}
                  </Text>
                </Stack>
              </Menu.Item>
            ))
          )}
          <Menu.Divider />
          <Menu.Item component={Link} to="/messages">
            View All
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
