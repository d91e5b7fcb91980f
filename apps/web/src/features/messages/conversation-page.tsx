import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { flash } from '../../components/flash';
import { PageLoader } from '../../components/page-loader';
import { ReportDialog } from '../../components/report/report-dialog';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { conversationIdOf, isConversationId, otherParticipantOf } from './api/conversation-id';
import { useConversation } from './api/get-conversation';
import { useMember } from './api/get-member';
import { memberName } from './api/get-member-profiles';
import { useMessage } from './api/get-message';
import { useThread } from './api/get-thread';
import { useMarkThreadRead } from './api/mark-read';
import type { DirectMessage } from './api/types';
import { MessageItem } from './message-item';
import { ReplyForm } from './reply-form';
import { RequestActions } from './request-actions';

export const CONVERSATION_TEXTS = {
  loading: 'Loading messages…',
  empty: 'No messages yet',
  noMessageToReport: 'No message to report in this conversation.',
  reportTitle: 'Report Message',
  reportQuestion: 'Why are you reporting this message?',
  unknownPartner: 'This conversation is not one of yours, so nothing can be sent here.',
} as const;

/** The id of the message to show first, from a `#message-<id>` address (a message id link, PRODUCT.md §13). */
function focusedMessageId(hash: string): string {
  return hash.startsWith('#message-') ? hash.slice('#message-'.length) : '';
}

/**
 * Spec part 2 §5: reporting a conversation reports its latest message. The latest message of the other
 * member is meant (reporting one's own words helps nobody); when they have written nothing, the latest.
 */
export function messageToReport(thread: readonly DirectMessage[] | undefined, me: string) {
  const messages = thread ?? [];
  return messages.findLast((message) => message.from !== me) ?? messages[messages.length - 1];
}

/** Scrolls to the focused message once it is there, otherwise to the end whenever the thread changes. */
function useScrollToEnd(thread: readonly DirectMessage[] | undefined, focused: string) {
  const end = useRef<HTMLDivElement>(null);
  const last = thread?.[thread.length - 1]?.id ?? '';
  const count = thread?.length ?? 0;
  useEffect(() => {
    if (!count) return;
    const target = focused ? document.getElementById(`message-${focused}`) : null;
    (target ?? end.current)?.scrollIntoView?.({ block: target ? 'center' : 'end' });
  }, [count, last, focused]);
  return end;
}

function Thread({ conversationId, me }: { conversationId: string; me: string }) {
  const location = useLocation();
  const focused = focusedMessageId(location.hash);
  const other = otherParticipantOf(conversationId, me);
  const partner = useMember(other ?? '');
  const thread = useThread(conversationId);
  const record = useConversation(conversationId);
  const isRequest = !!other && record.data?.request === me;
  const [reporting, setReporting] = useState(false);
  useMarkThreadRead(thread.data, me);
  const end = useScrollToEnd(thread.data, focused);
  const partnerName = partner.data ? memberName(partner.data.expand?.profile) : 'User';
  usePageTitle(other ? `Conversation with ${partnerName}` : 'Conversation');

  const latest = messageToReport(thread.data, me);
  const report = () => {
    if (!latest) flash.error(CONVERSATION_TEXTS.noMessageToReport);
    else setReporting(true);
  };

  let body;
  if (thread.isPending) body = <PageLoader label={CONVERSATION_TEXTS.loading} />;
  else if (thread.isError) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(thread.error)}
      </Text>
    );
  } else if (thread.data.length === 0) body = <Text c="dimmed">{CONVERSATION_TEXTS.empty}</Text>;
  else {
    body = (
      <Stack component="ol" gap="xs" p={0} m={0} aria-label="Messages">
        {thread.data.map((message) => (
          <MessageItem key={message.id} message={message} me={me} focused={message.id === focused} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Anchor component={Link} to="/messages" size="sm">
            ← All conversations
          </Anchor>
          <Title order={1}>{other ? `Conversation with ${partnerName}` : 'Conversation'}</Title>
        </Stack>
        <Button variant="light" color="red" onClick={report}>
          Report
        </Button>
      </Group>
      {isRequest && (
        <Alert title="Message request" color="yellow" variant="light">
          <Stack gap="xs">
            <Text size="sm">
              {partnerName} has not talked with you before. Accept to keep this conversation, or decline to
              stop {partnerName} writing to you. Replying accepts it too.
            </Text>
            <RequestActions me={me} from={other} name={partnerName} />
          </Stack>
        </Alert>
      )}
      {body}
      <div ref={end} />
      {other ? <ReplyForm me={me} to={other} /> : <Text c="dimmed">{CONVERSATION_TEXTS.unknownPartner}</Text>}
      <ReportDialog
        opened={reporting && !!latest}
        onClose={() => setReporting(false)}
        target="message"
        targetId={latest?.id ?? ''}
        title={CONVERSATION_TEXTS.reportTitle}
        question={CONVERSATION_TEXTS.reportQuestion}
      />
    </Stack>
  );
}

/** /messages/{messageId} (PRODUCT.md §13): finds the message's conversation and opens it there. */
function MessageRedirect({ messageId }: { messageId: string }) {
  const message = useMessage(messageId, true);
  usePageTitle('Conversation');
  if (message.isSuccess) {
    const pair = conversationIdOf(message.data.from, message.data.to);
    return <Navigate replace to={`/messages/${pair}#message-${message.data.id}`} />;
  }
  return (
    <Stack>
      <Title order={1}>Conversation</Title>
      {message.isError ? (
        <Text c="red" role="alert">
          {errorMessage(message.error)}
        </Text>
      ) : (
        <PageLoader label={CONVERSATION_TEXTS.loading} />
      )}
    </Stack>
  );
}

/** /messages/{conversationId} (spec part 2 §2): the thread, oldest first, live, with the reply form. */
export function ConversationPage() {
  const { conversationId = '' } = useParams();
  const { user } = useSession();
  const me = user?.id ?? '';
  if (!isConversationId(conversationId)) return <MessageRedirect messageId={conversationId} />;
  return <Thread key={conversationId} conversationId={conversationId} me={me} />;
}
