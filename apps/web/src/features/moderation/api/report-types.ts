import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';

/** The record behind a post, expanded so the queue can link to the page that shows it. */
export interface PostPage extends RecordModel {
  forum?: string;
}

/** A post as the report queue expands it: what it is, who made it, and where it is shown. */
export interface ReportedPost extends RecordModel {
  type: string;
  title: string;
  description: string;
  contributors: string[];
  expand?: {
    contributors?: NamedUser[];
    // A back-relation over a unique field expands to one record; otherwise to a list.
    stories_via_post?: PostPage | PostPage[];
    series_via_post?: PostPage | PostPage[];
    forum_posts_via_post?: PostPage | PostPage[];
  };
}

export interface ReportedComment extends RecordModel {
  content: string;
  target: string;
  author: string;
  expand?: { author?: NamedUser; target?: ReportedPost };
}

export interface ReportedProfile extends RecordModel {
  name: string;
  username?: string;
  bio?: string;
  user: string;
  expand?: { user?: NamedUser };
}

export interface ReportedMessage extends RecordModel {
  subject?: string;
  content: string;
  from: string;
  to: string;
  expand?: { from?: NamedUser };
}

/** A report (spec part 2 §3): exactly one of post, comment, profile or message is set. */
export interface ReportRecord extends RecordModel {
  user: string;
  reason: string;
  post: string;
  comment: string;
  profile: string;
  message: string;
  action: string;
  resolver: string;
  resolution: string;
  created: string;
  expand?: {
    user?: NamedUser;
    post?: ReportedPost;
    comment?: ReportedComment;
    profile?: ReportedProfile;
    message?: ReportedMessage;
  };
}

export type ReportAction = 'resolve' | 'delete' | 'ban';

/** The report queue's texts: spec part 2 §8 for the empty queue; the rest say what each decision did. */
export const REPORT_QUEUE_TEXTS = {
  empty: 'Queue is Empty!',
  done: {
    resolve: 'Report resolved',
    delete: 'Report resolved and the reported item deleted',
    ban: 'Report resolved and the author banned',
  },
  reasonRequired: {
    delete: 'Specify a reason for deleting the reported item',
    ban: 'Specify a reason for banning the author',
  },
} as const;
