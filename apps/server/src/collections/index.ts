/**
 * The community's collections (spec parts 1 and 2, §3; rules from PRODUCT.md §2), in the order they
 * are created. Relations between them are resolved by name.
 */
import type { CollectionInput } from '../core/collections/model';
import { accountDeletions, dataExports, retiredUsernames } from './accounts';
import { blocks } from './blocks';
import { labels, pages, tags } from './catalog';
import { drafts, postRevisions } from './drafts';
import { comments, favorites, likes, notifications, views } from './engagement';
import { importLinks, legacyCredentials } from './imports';
import { mailQueue } from './mail';
import { postInvitations } from './invitations';
import { forumPostCounts, forumPosts, forums, pinnedForumPosts } from './forums';
import { conversations, messageRequests, messages } from './messaging';
import { moderationLog, postContentActions, reports, staffMessages, unmigratedUsers } from './moderation';
import { posts } from './posts';
import { presence } from './presence';
import { profiles } from './profiles';
import { follows, mutes, readProgress } from './reading';
import { series, stories } from './stories';
import { users } from './users';

export const communityCollections: readonly CollectionInput[] = [
  users,
  blocks,
  profiles,
  labels,
  tags,
  posts,
  stories,
  series,
  forums,
  forumPosts,
  comments,
  likes,
  favorites,
  views,
  notifications,
  pages,
  messages,
  conversations,
  reports,
  postContentActions,
  moderationLog,
  presence,
  pinnedForumPosts,
  forumPostCounts,
  unmigratedUsers,
  messageRequests,
  staffMessages,
  postInvitations,
  readProgress,
  follows,
  mutes,
  drafts,
  postRevisions,
  importLinks,
  legacyCredentials,
  accountDeletions,
  retiredUsernames,
  dataExports,
  mailQueue,
];
