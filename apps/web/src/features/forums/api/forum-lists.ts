import type { RecordModel } from 'pocketbase';
import type { PostHolderRecord, PostRecord } from '../../../lib/posts/types';

// What the forum screens ask the server for (spec part 1 §7 and §9).

/** Spec part 1 §9: a forum page shows 20 threads, a forum tile on /forums the 4 most recent. */
export const FORUM_PAGE_SIZE = 20;
export const FORUM_TILE_SIZE = 4;
/** Spec part 1 §9: pinned threads and the forum lists are read up to 10000 (there are only ever a few). */
export const PINNED_LIMIT = 10_000;
export const FORUM_LIST_LIMIT = 1000;

/** Each thread comes with its post, the post's authors and their profiles (display name and avatar). */
export const THREAD_EXPAND = 'post,post.contributors,post.contributors.profile';

/** "forum_posts (filter by forum, sort -updated)": the newest activity first. */
export const THREAD_SORT = '-updated';

/** A forum (spec part 1 §3): its description is HTML, shown sanitised. */
export interface ForumRecord extends RecordModel {
  name: string;
  description: string;
  sort_order: number;
}

/** A forum post (spec part 1 §3): the thread's markdown content; its title and files are on its post. */
export interface ThreadRecord extends PostHolderRecord {
  forum: string;
  /** Markdown. */
  content: string;
  pinned: boolean;
  expand?: { post?: PostRecord };
}

/** A row of the pinned-thread view, with its thread's post and forum. */
export interface PinnedThreadRecord extends RecordModel {
  forum: string;
  post: string;
  expand?: { post?: PostRecord; forum?: ForumRecord };
}

export const threadPath = (forumId: string, threadId: string) => `/forums/${forumId}/posts/${threadId}`;
