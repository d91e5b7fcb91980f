/** Records as the server sends them for the forum screens' tests. */

export const FORUMS = '/api/collections/forums/records';
export const FORUM_POSTS = '/api/collections/forum_posts/records';
export const COUNTS = '/api/collections/forum_post_counts/records';
export const PINNED = '/api/collections/pinned_forum_posts/records';
export const PAGES = '/api/collections/pages/records';

export function forum(id: string, name: string, sortOrder: number, description = '') {
  return {
    id,
    collectionId: 'pbc_forums',
    collectionName: 'forums',
    name,
    description,
    sort_order: sortOrder,
  };
}

/** A post of a thread, by `author1` ("Edda the Tall"). */
export function threadPost(id: string, title: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    collectionId: 'pbc_posts',
    collectionName: 'posts',
    type: 'forum-post',
    title,
    description: '',
    contributors: ['author1'],
    labels: [],
    tags: [],
    attachments: [],
    published: '2026-03-02 10:00:00.000Z',
    submitted: '',
    created: '2026-03-02 10:00:00.000Z',
    like_count: 2,
    view_count: 7,
    comment_count: 0,
    expand: {
      contributors: [
        {
          id: 'author1',
          username: 'edda',
          expand: { profile: { id: 'pr1', name: 'Edda the Tall', settings: { displayUsername: false } } },
        },
      ],
    },
    ...fields,
  };
}

/** A thread (forum post) in forum `forumId`, with its post expanded. */
export function thread(
  id: string,
  forumId: string,
  title: string,
  fields: Record<string, unknown> = {},
  post: Record<string, unknown> = {},
) {
  return {
    id,
    collectionId: 'pbc_forum_posts',
    collectionName: 'forum_posts',
    forum: forumId,
    post: `post-${id}`,
    content: `About ${title}.`,
    pinned: false,
    created: '2026-03-02 10:00:00.000Z',
    updated: '2026-03-02 10:00:00.000Z',
    ...fields,
    expand: { post: threadPost(`post-${id}`, title, post) },
  };
}
