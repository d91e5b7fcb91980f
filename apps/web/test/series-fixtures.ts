/** Records as the server sends them for the series screens' tests. */
import { AUTHOR_ID, story } from './story-fixtures';

export const SERIES = '/api/collections/series/records';
export const MY_STORIES = '/api/collections/stories/records';

/** A series with its post and the given chapters expanded (contributor `author1`), published unless overridden. */
export function series(
  id: string,
  title: string,
  chapters: ReturnType<typeof story>[] = [],
  post: Record<string, unknown> = {},
  fields: Record<string, unknown> = {},
) {
  const base = story(id, title, { type: 'series', ...post });
  return {
    id,
    collectionId: 'pbc_series',
    collectionName: 'series',
    post: `post-${id}`,
    stories: chapters.map((chapter) => chapter.id),
    created: '2026-03-01 10:00:00.000Z',
    ...fields,
    expand: { post: base.expand.post, stories: chapters },
  };
}

export { AUTHOR_ID, story };
