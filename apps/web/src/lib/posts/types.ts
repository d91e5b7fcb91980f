import type { RecordModel } from 'pocketbase';
import { displayName, type NamedUser } from '../display-name';

/**
 * The records every kind of post shares (spec part 1 §3): stories, series and forum posts each point at a
 * `posts` record that holds the title, contributors, labels, tags, attachments and the counters. Features
 * that show posts (stories, series, forums, profiles) all read them through these types.
 */

export type Contributor = NamedUser;

/** The kinds of post (spec part 1 §3, `posts.type`). */
export type PostType = 'story' | 'series' | 'forum-post';

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

/** The post behind a story, series or forum post; the counters are kept by the server. */
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
  /** Scheduled stories (PRODUCT.md §14): when it should come out, set by its contributors. */
  publish_at?: string;
  /** Set by the server when a moderator approved it before its publish time. */
  approved?: string;
  /** Size metadata (PRODUCT.md §14, lib/posts/sizes.ts); empty when not given. */
  larger_size?: string;
  smaller_size?: string;
  size_change?: string;
  like_count?: number;
  favorite_count?: number;
  view_count?: number;
  comment_count?: number;
  expand?: { contributors?: Contributor[]; tags?: TagRecord[]; labels?: LabelRecord[] };
}

/** A record whose content lives in a post: a story, a series or a forum post, with the post expanded. */
export interface PostHolderRecord extends RecordModel {
  post: string;
  expand?: { post?: PostRecord };
}

export interface StoryRecord extends PostHolderRecord {
  /** Markdown. */
  content: string;
  series: string;
}

/** A series (spec part 1 §3): its chapters are the `stories` list, in reading order. */
export interface SeriesRecord extends PostHolderRecord {
  stories: string[];
  expand?: { post?: PostRecord; stories?: StoryRecord[] };
}

export const contributorName = displayName;
