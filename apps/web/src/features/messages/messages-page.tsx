import { Anchor, Badge, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { PagePagination, pageNumber } from '../../components/page-pagination';
import { formatBadgeCount } from '../../lib/format';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { conversationIdOf, isUserId } from './api/conversation-id';
import { flashDmErrors, serverAnswered } from './api/dm-errors';
import { useConversations, type ConversationBox } from './api/get-conversations';
import { memberName } from './api/get-member-profiles';
import { ConversationTile, TILE_BADGE_CAP } from './conversation-tile';
import { RequestActions } from './request-actions';

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
  const box: ConversationBox = params.get('box') === 'requests' ? 'requests' : 'inbox';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const conversations = useConversations(me, page, debounced, box);
  // The Requests tab shows how many wait, whichever tab is open.
  const requests = useConversations(me, 1, '', 'requests');
  const waiting = requests.data?.totalItems ?? 0;

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
          <Stack component="li" key={conversation.id} gap={4}>
            <ConversationTile conversation={conversation} />
            {box === 'requests' && (
              <RequestActions
                me={me}
                from={conversation.otherParticipantId}
                name={memberName(conversation.other)}
              />
            )}
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>{MESSAGES_TEXTS.title}</Title>
      <Tabs
        value={box}
        onChange={(value) => setParams(value === 'requests' ? { box: 'requests' } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="inbox">Conversations</Tabs.Tab>
          <Tabs.Tab
            value="requests"
            rightSection={
              waiting > 0 ? (
                <Badge size="sm" color="red" circle={waiting < 10}>
                  {formatBadgeCount(waiting, TILE_BADGE_CAP)}
                </Badge>
              ) : null
            }
          >
            Requests
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {box === 'requests' && (
        <Text size="sm" c="dimmed">
          First messages from members you have not talked with yet. Declining stops them writing to you.
          Choose who may write to you in{' '}
          <Anchor component={Link} to="/settings" inherit>
            Settings
          </Anchor>
          .
        </Text>
      )}
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
        onChange={(next) =>
          setParams(box === 'requests' ? { box, page: String(next) } : { page: String(next) })
        }
      />
    </Stack>
  );
}
