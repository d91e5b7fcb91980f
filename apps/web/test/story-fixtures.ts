/** Records as the server sends them for the stories screens' tests. */

export const STORIES = '/api/collections/stories/records';
export const POSTS = '/api/collections/posts/records';
export const SERIES = '/api/collections/series/records';
export const TAGS = '/api/collections/tags/records';
export const LABELS = '/api/collections/labels/records';
export const VIEWS = '/api/collections/views/records';
export const LIKES = '/api/collections/likes/records';
export const FAVORITES = '/api/collections/favorites/records';
export const COMMENTS = '/api/collections/comments/records';

export const AUTHOR_ID = 'author1';

/** A story with its post expanded (contributor `author1`, "Edda the Tall"), published unless overridden. */
export function story(
  id: string,
  title: string,
  post: Record<string, unknown> = {},
  content = 'Once upon a time.',
  fields: Record<string, unknown> = {},
) {
  return {
    id,
    collectionId: 'pbc_stories',
    collectionName: 'stories',
    post: `post-${id}`,
    content,
    series: '',
    created: '2026-03-01 10:00:00.000Z',
    ...fields,
    expand: {
      post: {
        id: `post-${id}`,
        collectionId: 'pbc_posts',
        collectionName: 'posts',
        type: 'story',
        title,
        description: `About ${title}.`,
        contributors: [AUTHOR_ID],
        labels: [],
        tags: ['t1'],
        attachments: [],
        published: '2026-03-02 10:00:00.000Z',
        submitted: '2026-03-01 10:00:00.000Z',
        created: '2026-03-01 10:00:00.000Z',
        like_count: 3,
        favorite_count: 1,
        view_count: 10,
        expand: {
          contributors: [
            {
              id: AUTHOR_ID,
              username: 'edda',
              expand: { profile: { id: 'pr1', name: 'Edda the Tall', settings: { displayUsername: false } } },
            },
          ],
          tags: [{ id: 't1', name: 'gentle' }],
        },
        ...post,
      },
    },
  };
}

/** A comment by `author` with the author's profile expanded. */
export function comment(id: string, content: string, fields: Record<string, unknown> = {}) {
  const author = (fields.author as string | undefined) ?? 'reader1';
  return {
    id,
    collectionId: 'pbc_comments',
    collectionName: 'comments',
    target: 'post-s1',
    author,
    content,
    reply: '',
    attachments: [],
    created: '2026-03-03 10:00:00.000Z',
    updated: '2026-03-03 10:00:00.000Z',
    expand: {
      author: {
        id: author,
        username: author,
        expand: { profile: { id: `pr-${author}`, name: `Name of ${author}`, settings: {} } },
      },
    },
    ...fields,
  };
}
