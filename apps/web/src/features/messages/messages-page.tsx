import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { PagePagination, pageNumber } from '../../components/page-pagination';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { conversationIdOf, isUserId } from './api/conversation-id';
import { flashDmErrors, serverAnswered } from './api/dm-errors';
import { useConversations } from './api/get-conversations';
import { ConversationTile } from './conversation-tile';

export const MESSAGES_TEXTS = {
  title: 'Messages',
  loading: 'Loading conversations…',
  empty: 'No conversations found.',
  failed: 'Failed to load conversations.',
} as const;

/** Spec part 2 §9: the search box waits 250 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * /messages (spec part 2 §2): the member's conversations, newest first, 100 to a page (`page` query),
 * searchable by the other member's name, live. `?with=<userId>` (a profile's Send Message) opens the
 * conversation with that member, which exists by id even before its first message.
 */
export function MessagesPage() {
  usePageTitle(MESSAGES_TEXTS.title);
  const { user } = useSession();
  const me = user?.id ?? '';
  const [params, setParams] = useSearchParams();
  const partner = params.get('with');
  const page = pageNumber(params.get('page'));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const conversations = useConversations(me, page, debounced);

  const failure = conversations.isError ? conversations.error : null;
  useEffect(() => {
    // Spec part 2 §8: a server's answer is shown as "DM error: …" toasts, once per failure.
    if (failure && serverAnswered(failure)) flashDmErrors(failure);
  }, [failure]);

  if (isUserId(partner) && partner !== me)
    return <Navigate replace to={`/messages/${conversationIdOf(me, partner)}`} />;

  let body;
  if (conversations.isPending) body = <PageLoader label={MESSAGES_TEXTS.loading} />;
  else if (conversations.isError) {
    body = (
      <Text c="red" role="alert">
        {MESSAGES_TEXTS.failed}
      </Text>
    );
  } else if (conversations.data.items.length === 0) body = <Text>{MESSAGES_TEXTS.empty}</Text>;
  else {
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Conversations" style={{ listStyle: 'none' }}>
        {conversations.data.items.map((conversation) => (
          <li key={conversation.id}>
            <ConversationTile conversation={conversation} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>{MESSAGES_TEXTS.title}</Title>
      <TextInput
        type="search"
        label="Search conversations"
        placeholder="A member's name"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {conversations.isPending && <Text c="dimmed">{MESSAGES_TEXTS.loading}</Text>}
      {body}
      <PagePagination
        page={page}
        totalPages={conversations.data?.totalPages ?? 0}
        onChange={(next) => setParams({ page: String(next) })}
      />
    </Stack>
  );
}
