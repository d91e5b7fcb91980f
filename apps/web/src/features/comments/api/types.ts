import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';

/** A comment (spec part 1 §3); `reply` is the comment it answers, empty for a top-level comment. */
export interface CommentRecord extends RecordModel {
  target: string;
  author: string;
  /** Markdown. */
  content: string;
  reply: string;
  /** The top-level comment a reply sits under (kept by the server); empty for a top-level comment. */
  root?: string;
  attachments: string[];
  created: string;
  updated: string;
  expand?: { author?: NamedUser };
}

/** The post the comments are on: what the thread needs to know about it. */
export interface CommentTarget {
  id: string;
  /** The post's type (story, forum-post, …): comments are listed "by target and type" (spec part 1 §7). */
  type: string;
  contributors: string[];
  published: string;
}
