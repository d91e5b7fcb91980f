import type { RecordModel } from 'pocketbase';
import { displayName, type NamedUser } from '../../../lib/display-name';

export type Contributor = NamedUser;

export interface TagRecord extends RecordModel {
  name: string;
}

/** A label (spec part 1 §3); categories group the labels under them. */
export interface LabelRecord extends RecordModel {
  name: string;
  description: string;
  isCategory: boolean;
  parent: string;
  order: number;
  color: string;
}

/** The post behind a story (spec part 1 §3); the counters are kept by the server. */
export interface PostRecord extends RecordModel {
  type: string;
  title: string;
  description: string;
  contributors: string[];
  labels: string[];
  tags: string[];
  /** File names; `pb.files.getURL(post, name)` gives their addresses. */
  attachments: string[];
  published: string;
  submitted: string;
  like_count?: number;
  favorite_count?: number;
  view_count?: number;
  comment_count?: number;
  expand?: { contributors?: Contributor[]; tags?: TagRecord[]; labels?: LabelRecord[] };
}

export interface StoryRecord extends RecordModel {
  post: string;
  /** Markdown. */
  content: string;
  series: string;
  expand?: { post?: PostRecord };
}

export const contributorName = displayName;
