import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';

/** A story or series behind a submitted post, loaded with it to be read before deciding. */
export interface SubmittedContent extends RecordModel {
  content?: string;
  stories?: string[];
}

/** A post awaiting review (spec part 2 §3: published is empty and submitted is set). */
export interface SubmittedPost extends RecordModel {
  type: string;
  title: string;
  description: string;
  contributors: string[];
  attachments: string[];
  submitted: string;
  expand?: {
    contributors?: NamedUser[];
    labels?: { id: string; name: string; color?: string }[];
    tags?: { id: string; name: string }[];
    // A back-relation over a unique field expands to one record; otherwise to a list.
    stories_via_post?: SubmittedContent | SubmittedContent[];
    series_via_post?: SubmittedContent | SubmittedContent[];
  };
}

export type ReviewAction = 'publish' | 'reject' | 'delete';

/** Spec part 2 §4 and §5: what each decision says, and what a missing reason says. */
export const REVIEW_TEXTS = {
  done: {
    publish: 'Post published successfully',
    reject: 'Post rejected successfully',
    delete: 'Post deleted successfully',
  },
  reasonRequired: {
    reject: 'Specify a reason for rejecting the post',
    delete: 'Specify a reason for deleting the post',
  },
  empty: 'Queue is Empty!',
} as const;
