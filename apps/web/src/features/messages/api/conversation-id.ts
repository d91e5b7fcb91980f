/**
 * Conversation ids (spec part 2 §3): the two user ids, sorted, joined by a colon. The id alone says who
 * the pair is, so the app can open a conversation with anyone before it has a single message.
 */
const USER_ID = /^[a-z0-9]{15}$/;

export const isUserId = (value: string | null | undefined): value is string => !!value && USER_ID.test(value);

export function conversationIdOf(a: string, b: string): string {
  return [a, b].sort().join(':');
}

/** The two sides of a conversation id, or null when the id is not one. */
export function sidesOf(conversationId: string): [string, string] | null {
  const sides = conversationId.split(':');
  if (sides.length !== 2 || !sides.every(isUserId)) return null;
  return [sides[0]!, sides[1]!];
}

/** The member on the other side from `me`, or null when `me` is not one of the two (or the id is bad). */
export function otherParticipantOf(conversationId: string, me: string): string | null {
  const sides = sidesOf(conversationId);
  if (!sides || sides[0] === sides[1]) return null;
  if (sides[0] === me) return sides[1];
  if (sides[1] === me) return sides[0];
  return null;
}

/** Whether `id` looks like a conversation id rather than a message id (PRODUCT.md §13). */
export const isConversationId = (id: string) => id.includes(':');
