import { Button, Card, Group, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import { displayName } from '../../lib/display-name';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useStaffMessages } from './api/get-staff-messages';
import { useLiveStaffChat } from './api/live-staff-chat';
import { useSendStaffMessage } from './api/send-staff-message';

/** The dashboard's staff chat (PRODUCT.md §13): a live room for moderators and admins, with history. */
export function StaffChat({ userId }: { userId: string }) {
  useLiveStaffChat();
  const messages = useStaffMessages();
  const send = useSendStaffMessage(userId);
  const [draft, setDraft] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  useEffect(() => end.current?.scrollIntoView?.({ block: 'nearest' }), [count]);

  let body;
  if (messages.isPending) body = <PageLoader />;
  else if (messages.isError) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(messages.error)}
      </Text>
    );
  } else if (messages.data.length === 0)
    body = <Text c="dimmed">No messages yet. Say hello to the team.</Text>;
  else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {messages.data.map((message) => (
          <li key={message.id}>
            <Text size="sm">
              <Text span fw={700}>
                {message.author === userId
                  ? 'You'
                  : message.expand?.author
                    ? displayName(message.expand.author)
                    : 'Staff'}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                {formatDateTime(message.created)}
              </Text>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </Text>
          </li>
        ))}
        <div ref={end} />
      </Stack>
    );
  }

  const submit = () => {
    if (!draft.trim()) return;
    send.mutate(draft, { onSuccess: () => setDraft('') });
  };

  return (
    <Card withBorder component="section" aria-labelledby="staff-chat-title">
      <Stack>
        <Title order={2} size="h3" id="staff-chat-title">
          Staff chat
        </Title>
        <ScrollArea.Autosize mah={360} type="auto" aria-label="Staff chat messages">
          {body}
        </ScrollArea.Autosize>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" wrap="nowrap">
            <Textarea
              label="Message the staff"
              rows={2}
              maxLength={2000}
              style={{ flex: 1 }}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  submit();
                }
              }}
            />
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
