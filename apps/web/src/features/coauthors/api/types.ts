import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';

/**
 * An invitation to co-author a post (`post_invitations`, PRODUCT.md §15). The server keeps the post's
 * title and address on it, since the invitee cannot open an unpublished post before accepting.
 */
export interface InvitationRecord extends RecordModel {
  post: string;
  user: string;
  inviter: string;
  status: 'pending' | 'accepted' | 'declined';
  title?: string;
  href?: string;
  created: string;
  expand?: { user?: NamedUser; inviter?: NamedUser; post?: { title: string } };
}

/** The post whose co-authors the panel shows: its contributors in order, the first author first. */
export interface CoauthoredPost extends RecordModel {
  title: string;
  contributors: string[];
  expand?: { contributors?: NamedUser[] };
}
