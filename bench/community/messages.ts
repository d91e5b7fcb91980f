/**
 * The direct-message step of the community dataset (dataset.ts): one conversation per pair of
 * members, each a run of messages with maybe a few unread at its end, and the conversation row the
 * server keeps for it (count, last message, unread per side, its two members).
 */
import { NOW, YEAR, dateString, recordId, sentence, skewed, zipfShares, type Random } from './random';
import type { BulkWriter } from './writer';

export interface MessagesStep {
  random: Random;
  memberIds: string[];
  /** Messages to write in all. */
  total: number;
  writer: (collection: string) => BulkWriter;
  finish: (collection: string, writer: BulkWriter) => Promise<void>;
}

/** Writes the messages and conversations; answers each member's longest conversation (by index). */
export async function writeMessages(
  step: MessagesStep,
): Promise<Map<number, { partner: number; count: number }>> {
  const { random, memberIds, total, writer, finish } = step;
  const M = memberIds.length;
  const longest = new Map<number, { partner: number; count: number }>();
  const messages = writer('messages');
  const conversations = writer('conversations');
  const pairs = Math.max(1, Math.round(total / 8));
  const seen = new Set<string>();
  const shares = zipfShares(total, pairs, 0.6, Number.MAX_SAFE_INTEGER);
  for (let k = 0; k < pairs; k++) {
    const count = shares[k]!;
    if (count === 0) continue;
    let a = skewed(random, M, 2);
    let b = Math.floor(random() * M);
    let key = `${Math.min(a, b)}:${Math.max(a, b)}`;
    for (let tries = 0; (a === b || seen.has(key)) && tries < 50; tries++) {
      a = skewed(random, M, 2);
      b = Math.floor(random() * M);
      key = `${Math.min(a, b)}:${Math.max(a, b)}`;
    }
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    for (const [self, other] of [
      [a, b],
      [b, a],
    ] as const) {
      if ((longest.get(self)?.count ?? 0) < count) longest.set(self, { partner: other, count });
    }
    const [idA, idB] = [memberIds[a]!, memberIds[b]!].sort() as [string, string];
    const start = NOW - Math.floor(random() * YEAR);
    const step = Math.max(1000, Math.floor((NOW - start) / (count + 1)));
    const unreadTail = random() < 0.4 ? Math.floor(random() * 4) : 0;
    let unreadA = 0;
    let unreadB = 0;
    let last = { id: '', content: '', created: '' };
    for (let m = 0; m < count; m++) {
      const fromA = random() < 0.5;
      const [from, to] = fromA ? [idA, idB] : [idB, idA];
      const isRead = m < count - unreadTail;
      if (!isRead) {
        if (to === idA) unreadA++;
        else unreadB++;
      }
      const created = dateString(start + m * step);
      const text = sentence(random, 5 + Math.floor(random() * 15));
      last = { id: recordId(random), content: text, created };
      await messages.add({
        id: last.id,
        to,
        from,
        subject: '',
        content: `<p>${text}</p>`,
        attachments: [],
        is_read: isRead,
        created,
        updated: created,
      });
    }
    const first = dateString(start);
    await conversations.add({
      id: `${idA}:${idB}`,
      member_a: idA,
      member_b: idB,
      messages: [],
      count,
      lastMessageId: last.id,
      lastMessageContent: last.content.slice(0, 200),
      lastTimestamp: last.created,
      unreadForA: unreadA,
      unreadForB: unreadB,
      created: first,
      updated: last.created,
    });
  }
  await finish('messages', messages);
  await finish('conversations', conversations);
  return longest;
}
