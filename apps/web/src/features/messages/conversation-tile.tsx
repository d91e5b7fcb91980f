import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { avatarUrl } from '../../lib/avatar';
import { formatBadgeCount, formatDateTime } from '../../lib/format';
import { memberName } from './api/get-member-profiles';
import type { ViewerConversation } from './api/types';
import { NO_MESSAGES_YET, snippetOf } from './snippet';

/** Spec part 2 §9: the unread badge on a conversation tile is capped at "99+". */
export const TILE_BADGE_CAP = 99;

/**
 * One conversation in /messages (spec part 2 §2): the other member's avatar and name, the unread badge,
 * the time and a snippet of the last message. Tiles with unread messages stand out.
 */
export function ConversationTile({ conversation }: { conversation: ViewerConversation }) {
  const name = memberName(conversation.other);
  const unread = conversation.viewerUnreadCount;
  const snippet = conversation.count > 0 ? snippetOf(conversation.lastMessageContent) : '';
  const badge = formatBadgeCount(unread, TILE_BADGE_CAP);
  // The link holds the name and the badge, so its name ("Ann, 3 unread") says what it shows (WCAG 2.5.3);
  // it stretches over the whole card, so the card stays one big target.
  return (
    <Card
      withBorder
      padding="sm"
      pos="relative"
      data-unread={unread > 0}
      data-conversation-tile
      bg={unread > 0 ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={avatarUrl(conversation.other)} alt="" radius="xl" name={name} color="initials" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/messages/${conversation.id}`}
            aria-label={unread > 0 ? `${name}, ${badge} unread` : name}
            className="stretched-link"
            underline="never"
            c="inherit"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={unread > 0 ? 700 : 500} truncate>
                {name}
              </Text>{' '}
              {/* The space above keeps the visible text "Ann 3" in step with the name "Ann, 3 unread". */}
              {unread > 0 && (
                <Badge color="red" variant="filled" data-testid="unread-badge">
                  {badge}
                </Badge>
              )}
            </Group>
          </Anchor>
          <Text size="sm" c={snippet ? undefined : 'dimmed'} lineClamp={1}>
            {snippet || NO_MESSAGES_YET}
          </Text>
          {conversation.lastTimestamp && (
            <Text size="xs" c="dimmed">
              {formatDateTime(conversation.lastTimestamp)}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
