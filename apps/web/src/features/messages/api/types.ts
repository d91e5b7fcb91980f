import type { RecordModel } from 'pocketbase';

/** A member's profile as the messages screens show it: name and avatar. */
export interface MemberProfile extends RecordModel {
  user: string;
  name: string;
  username?: string;
  avatar?: string;
}

/** A direct message (spec part 2 §3), with its sender's user and profile when expanded. */
export interface DirectMessage extends RecordModel {
  to: string;
  from: string;
  subject: string;
  content: string;
  attachments?: string[];
  is_read: boolean;
  created: string;
  expand?: { from?: RecordModel & { username?: string; expand?: { profile?: MemberProfile } } };
}

/** A conversation record (spec part 2 §3): one per pair of members, kept by the server. */
export interface ConversationRecord extends RecordModel {
  count: number;
  lastMessageId: string;
  lastMessageContent: string;
  lastTimestamp: string;
  unreadForA: number;
  unreadForB: number;
  /** Safe messages: the member for whom this is still a request; empty once accepted. */
  request?: string;
}

/** A conversation as the viewer sees it: spec part 2 §3's derived fields, plus the other member's profile. */
export interface ViewerConversation extends ConversationRecord {
  otherParticipantId: string;
  viewerUnreadCount: number;
  other?: MemberProfile;
}
