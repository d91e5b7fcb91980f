import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { AttachmentList } from '../../components/attachment-list';
import { MarkdownContent } from '../../components/markdown-content';
import { attachmentImageUrl } from '../../lib/attachments';
import { avatarUrl } from '../../lib/avatar';
import { formatDateTime } from '../../lib/format';
import type { DirectMessage } from './api/types';
import { LinkPreviews } from './link-previews';

/** Spec part 2 §2: "You" for one's own messages, otherwise the sender's profile name, or "User". */
export function senderName(message: DirectMessage, me: string): string {
  if (message.from === me) return 'You';
  return message.expand?.from?.expand?.profile?.name || 'User';
}

/** One message of a thread: avatar, sender, time, the text (sanitised markdown), attachments, link previews. */
export function MessageItem({
  message,
  me,
  focused,
}: {
  message: DirectMessage;
  me: string;
  focused: boolean;
}) {
  const own = message.from === me;
  const profile = message.expand?.from?.expand?.profile;
  const name = senderName(message, me);
  const files = message.attachments ?? [];
  return (
    <Paper
      component="li"
      id={`message-${message.id}`}
      withBorder
      p="sm"
      data-own={own}
      aria-label={`Message from ${name}`}
      bg={own ? 'var(--mantine-primary-color-light)' : undefined}
      style={{
        listStyle: 'none',
        outline: focused ? '2px solid var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Group align="flex-start" wrap="nowrap">
        <Avatar src={avatarUrl(profile)} alt="" radius="xl" name={profile?.name || name} color="initials" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm" data-testid="sender">
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(message.created)}
            </Text>
          </Group>
          <div style={{ overflowWrap: 'anywhere' }}>
            <MarkdownContent
              markdown={message.content}
              resolveImage={(url) => attachmentImageUrl(url, message, files)}
            />
          </div>
          <AttachmentList owner={message} files={files} />
          <LinkPreviews content={message.content} />
        </Stack>
      </Group>
    </Paper>
  );
}
