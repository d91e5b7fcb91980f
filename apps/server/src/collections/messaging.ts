import type { CollectionInput } from '../core/collections/model';
import { ADULT, MEMBER, MOD, all, any, owns } from './rules';

export const messages: CollectionInput = {
  name: 'messages',
  listRule: any(owns('from'), owns('to')),
  // Moderators read a message only once someone has reported it, to judge the report (PRODUCT.md §7).
  viewRule: any(owns('from'), owns('to'), all(MOD, 'reports_via_message.message ?= id')),
  // No messages to oneself or to banned members (PRODUCT.md §6).
  createRule: all(
    MEMBER,
    ADULT,
    owns('from'),
    'to != @request.auth.id',
    'to.is_banned = false',
    '@request.body.is_read:isset = false',
  ),
  // The recipient may mark a message read, and change nothing else.
  updateRule: all(
    owns('to'),
    '@request.body.to:isset = false && @request.body.from:isset = false && @request.body.subject:isset = false && @request.body.content:isset = false && @request.body.attachments:isset = false',
  ),
  deleteRule: MOD,
  fields: [
    { name: 'to', type: 'relation', collectionId: 'users', required: true },
    { name: 'from', type: 'relation', collectionId: 'users', required: true },
    { name: 'subject', type: 'text', max: 200 },
    { name: 'content', type: 'editor', required: true, maxSize: 50_000 },
    // Protected files (PRODUCT.md §15): downloaded only with a file token by who may view the message.
    { name: 'attachments', type: 'file', maxSelect: 10, maxSize: 10 * 1024 * 1024, protected: true },
    { name: 'is_read', type: 'bool' },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE INDEX idx_messages_to_read ON "messages" ("to", "is_read", "created")',
    'CREATE INDEX idx_messages_from ON "messages" ("from", "created")',
    // The inbox (read and unread, newest first) and one conversation's thread (both directions).
    'CREATE INDEX idx_messages_to_created ON "messages" ("to", "created")',
    'CREATE INDEX idx_messages_pair ON "messages" ("from", "to", "created")',
  ],
};

/**
 * A member sees the conversations they are one side of. The sides are matched on their own indexed
 * columns rather than `id ~ @request.auth.id`, which is a LIKE '%…%' over every conversation.
 */
const IN_CONVERSATION = all(MEMBER, any(owns('member_a'), owns('member_b')));

/** One per pair of members, kept by the server in the same transaction as each message write. */
export const conversations: CollectionInput = {
  name: 'conversations',
  listRule: IN_CONVERSATION,
  viewRule: IN_CONVERSATION,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    // Two 15-character user ids joined by a colon, the lower one first.
    {
      name: 'id',
      type: 'text',
      system: true,
      required: true,
      primaryKey: true,
      min: 31,
      max: 31,
      pattern: '^[a-z0-9]{15}:[a-z0-9]{15}$',
      autogeneratePattern: '',
    },
    // The two halves of the id, for the rules above (site/conversations.ts fills them). Hidden: the id
    // already says who the pair is, and clients keep filtering on `id` as before. Plain text rather
    // than relations, so deleting a user does not blank a side and hide the conversation from the
    // other member (relations to a deleted record are emptied; the id never was).
    { name: 'member_a', type: 'text', max: 15, hidden: true },
    { name: 'member_b', type: 'text', max: 15, hidden: true },
    { name: 'messages', type: 'relation', collectionId: 'messages', maxSelect: 100_000 },
    { name: 'count', type: 'number', onlyInt: true },
    { name: 'lastMessageId', type: 'text' },
    { name: 'lastMessageContent', type: 'text', max: 500 },
    { name: 'lastTimestamp', type: 'date' },
    { name: 'unreadForA', type: 'number', onlyInt: true },
    { name: 'unreadForB', type: 'number', onlyInt: true },
    // Safe messages (PRODUCT.md §14): the member for whom this conversation is still a request (a first
    // message from someone they never talked with), until they accept it; empty otherwise.
    { name: 'request', type: 'text', max: 15 },
    // The member who declined that request: the conversation leaves their lists (not the sender's, who
    // is not told).
    { name: 'declined_by', type: 'text', max: 15 },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE INDEX idx_conversations_last ON "conversations" ("lastTimestamp")',
    // A member's conversations, newest first: one index per side the member may be on.
    'CREATE INDEX idx_conversations_member_a ON "conversations" ("member_a", "lastTimestamp")',
    'CREATE INDEX idx_conversations_member_b ON "conversations" ("member_b", "lastTimestamp")',
  ],
};

/**
 * Safe messages (PRODUCT.md §14): a first message from someone the recipient never talked with arrives
 * as a request, one per pair, written by the server (site/safe-messages.ts). Only the recipient sees it,
 * and may accept or decline it (declining blocks the sender from messaging them); the sender is not told.
 */
export const messageRequests: CollectionInput = {
  name: 'message_requests',
  listRule: all(MEMBER, owns('to')),
  viewRule: all(MEMBER, owns('to')),
  createRule: null,
  updateRule: all(
    MEMBER,
    owns('to'),
    "@request.body.status:isset = true && @request.body.status != 'pending'",
    '@request.body.from:isset = false && @request.body.to:isset = false',
  ),
  deleteRule: null,
  fields: [
    { name: 'from', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'to', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    { name: 'status', type: 'select', values: ['pending', 'accepted', 'declined'], required: true },
    { name: 'created', type: 'autodate', onCreate: true },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ],
  indexes: [
    'CREATE UNIQUE INDEX idx_message_requests_pair ON "message_requests" ("from", "to")',
    'CREATE INDEX idx_message_requests_to ON "message_requests" ("to", "status", "created")',
  ],
};
