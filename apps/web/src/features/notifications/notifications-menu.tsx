import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BellIcon } from '../../components/icons';
import { formatBadgeCount } from '../../lib/format';
import { useNotifications } from './api/get-notifications';
import { useFollowNotification, useMarkNotificationsRead } from './api/mark-read';
import { useLiveNotifications } from './use-live-notifications';
import { FROM_NOTIFICATION } from '../../lib/from-notification';

export const NO_UNREAD_TEXT = 'No unread notifications';

/**
 * The header's notifications dropdown: the unread notifications, newest first (each links to what it is
 * about and is marked read when followed), View All (/notifications) and Mark All Read. It also keeps
 * every notification list live. A server that cannot answer yet reads as "nothing unread".
 */
export function NotificationsMenu({ userId }: { userId: string }) {
  useLiveNotifications(userId);
  const unread = useNotifications(userId, 'unread');
  const markRead = useMarkNotificationsRead();
  const follow = useFollowNotification();
  const items = unread.data?.items ?? [];
  const count = unread.data?.totalItems ?? items.length;

  return (
    <Menu position="bottom-end" width={320} shadow="md">
      {/* The menu's target is the button itself, so its expanded state sits on a button (not the badge). */}
      <Indicator label={formatBadgeCount(count)} size={18} disabled={count === 0} color="red" offset={4}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label="Notifications">
            <BellIcon />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown>
        <Menu.Label>Notifications</Menu.Label>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {NO_UNREAD_TEXT}
          </Text>
        ) : (
          items.map((item) => (
            <Menu.Item
              key={item.id}
              component={Link}
              to={item.href || '/notifications'}
              state={FROM_NOTIFICATION}
              onClick={() => follow(item)}
            >
              {item.content}
            </Menu.Item>
          ))
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/notifications">
          View All
        </Menu.Item>
        <Menu.Item
          disabled={items.length === 0 || markRead.isPending}
          onClick={() => markRead.mutate(items.map((item) => item.id))}
        >
          Mark All Read
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
