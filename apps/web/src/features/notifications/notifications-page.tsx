import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useNotifications } from './api/get-notifications';
import { useFollowNotification, useMarkNotificationsRead } from './api/mark-read';
import { inDisplayOrder, type NotificationRecord } from './api/types';
import { FROM_NOTIFICATION } from '../../lib/from-notification';
import { LoadFailed } from '../../components/errors/load-failed';

export const NO_NOTIFICATIONS_TEXT = 'You have no notifications.';

function NotificationItem({ item, onOpen }: { item: NotificationRecord; onOpen: () => void }) {
  return (
    <Card
      withBorder
      padding="sm"
      component="li"
      data-read={item.read}
      // Unread ones stand out by weight and a coloured edge; read ones keep full contrast (no fading).
      style={{
        listStyle: 'none',
        borderLeft: item.read ? undefined : '4px solid var(--mantine-primary-color-filled)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={item.href || '/notifications'}
            state={FROM_NOTIFICATION}
            onClick={onOpen}
            fw={item.read ? 400 : 600}
          >
            {item.content}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.created)}
          </Text>
        </Stack>
        {!item.read && (
          <Badge color="red" variant="light">
            Unread
          </Badge>
        )}
      </Group>
    </Card>
  );
}

interface NotificationsPageProps {
  /**
   * Shown above the list (composed by app/screens: another feature's), e.g. the invitations to answer.
   * `refreshKey` changes whenever the notifications do, since news arrives as a notification.
   */
  renderAbove?: (refreshKey: number) => ReactNode;
}

/** /notifications (spec part 1 §2): every notification, unread first then newest, updated live. */
export function NotificationsPage({ renderAbove }: NotificationsPageProps = {}) {
  usePageTitle('Notifications');
  const { user } = useSession();
  const notifications = useNotifications(user?.id ?? '', 'all');
  const markRead = useMarkNotificationsRead();
  const follow = useFollowNotification();

  let body;
  if (notifications.isPending) body = <PageLoader />;
  else if (notifications.isError) {
    body = <LoadFailed error={notifications.error} onRetry={() => void notifications.refetch()} />;
  } else if (notifications.data.items.length === 0) body = <Text>{NO_NOTIFICATIONS_TEXT}</Text>;
  else {
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Notifications">
        {inDisplayOrder(notifications.data.items).map((item) => (
          <NotificationItem key={item.id} item={item} onOpen={() => follow(item)} />
        ))}
      </Stack>
    );
  }
  const unread = (notifications.data?.items ?? []).filter((item) => !item.read);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Notifications</Title>
        <Button
          variant="light"
          disabled={unread.length === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(unread.map((item) => item.id))}
        >
          Mark All Read
        </Button>
      </Group>
      {renderAbove?.(notifications.dataUpdatedAt)}
      {body}
    </Stack>
  );
}
