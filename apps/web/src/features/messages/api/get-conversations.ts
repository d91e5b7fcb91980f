import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { getMemberProfiles } from './get-member-profiles';
import { otherParticipantOf } from './conversation-id';
import { messageKeys } from './keys';
import type { ConversationRecord, ViewerConversation } from './types';

/** The member's conversations, or the requests waiting for their answer. */
export type ConversationBox = 'inbox' | 'requests';

/** Spec part 2 §7 and §9: conversations are listed 100 to a page. */
export const CONVERSATIONS_PAGE_SIZE = 100;
/** How many members whose name matches a search are looked for among the conversations. */
const SEARCH_MEMBERS = 50;

/** Spec part 2 §3's derived fields for the viewer: the other member, and the viewer's side's unread count. */
export function forViewer(conversation: ConversationRecord, me: string): ViewerConversation {
  const otherParticipantId = otherParticipantOf(conversation.id, me) ?? '';
  const viewerIsA = conversation.id.startsWith(`${me}:`);
  const viewerUnreadCount = (viewerIsA ? conversation.unreadForA : conversation.unreadForB) || 0;
  return { ...conversation, otherParticipantId, viewerUnreadCount };
}

const emptyPage = (page: number): ListResult<ViewerConversation> => ({
  page,
  perPage: CONVERSATIONS_PAGE_SIZE,
  totalItems: 0,
  totalPages: 0,
  items: [],
});

/** The user ids of members whose profile name or username contains `search` (other than oneself). */
async function membersNamed(search: string, me: string): Promise<string[]> {
  const list = await pb.collection('profiles').getList<{ user: string } & { id: string }>(1, SEARCH_MEMBERS, {
    filter: pb.filter('name ~ {:q} || username ~ {:q}', { q: search }),
    fields: 'id,user',
  });
  return list.items.map((profile) => profile.user).filter((id) => id && id !== me);
}

/**
 * "conversations: list with page and size (100 used), filter on id containing the current user id,
 * sorted by lastTimestamp descending" (spec part 2 §7); a search narrows it to conversations with the
 * members whose name matches. Each tile's partner profile comes in one more request.
 */
export async function getConversations(
  me: string,
  page: number,
  search: string,
  box: ConversationBox = 'inbox',
): Promise<ListResult<ViewerConversation>> {
  // Safe messages (PRODUCT.md §14): first messages from strangers wait under Requests until accepted;
  // declined ones leave both lists.
  let filter = pb.filter(
    box === 'inbox'
      ? 'id ~ {:me} && request != {:me} && declined_by != {:me}'
      : 'id ~ {:me} && request = {:me}',
    {
      me,
    },
  );
  const wanted = search.trim();
  if (wanted) {
    const members = await membersNamed(wanted, me);
    if (members.length === 0) return emptyPage(page);
    filter += ` && (${members.map((id) => pb.filter('id ~ {:id}', { id })).join(' || ')})`;
  }
  const list = await pb
    .collection('conversations')
    .getList<ConversationRecord>(page, CONVERSATIONS_PAGE_SIZE, {
      filter,
      sort: '-lastTimestamp',
    });
  const items = list.items.map((conversation) => forViewer(conversation, me));
  const profiles = await getMemberProfiles(items.map((item) => item.otherParticipantId));
  return { ...list, items: items.map((item) => ({ ...item, other: profiles.get(item.otherParticipantId) })) };
}

export function conversationsQueryOptions(me: string, page: number, search: string, box: ConversationBox) {
  return queryOptions({
    queryKey: messageKeys.conversations(me, page, search.trim(), box),
    queryFn: () => getConversations(me, page, search, box),
    // Typing in the search box keeps the last list on screen until the next one is in.
    placeholderData: keepPreviousData,
  });
}

export function useConversations(me: string, page: number, search: string, box: ConversationBox = 'inbox') {
  return useQuery(conversationsQueryOptions(me, page, search, box));
}
