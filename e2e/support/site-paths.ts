/**
 * Every route of the web app's route table (apps/web/src/app/route-table.ts) as a real path on a server
 * seeded with the demo content plus one story, one series and one message of the given member, so that
 * walks over "every route" reach filled screens rather than "not found".
 */
import type PocketBase from 'pocketbase';
import { ROUTE_TABLE, type RouteAccess } from '../../apps/web/src/app/route-table';
import type { Member } from './members';

export interface SitePath {
  /** The route table's pattern, e.g. `/stories/:storyId`. */
  pattern: string;
  path: string;
  access: RouteAccess;
}

const published = () => new Date().toISOString().replace('T', ' ');

/** Seeds the member's own story, series and message and returns every route with its parameters filled. */
export async function sitePaths(admin: PocketBase, member: Member, other: Member): Promise<SitePath[]> {
  const storyPost = await admin.collection('posts').create({
    type: 'story',
    title: 'A Walk Among Giants',
    description: 'A tiny traveller crosses a giant city.',
    contributors: [member.id],
    published: published(),
  });
  const story = await admin.collection('stories').create({
    post: storyPost.id,
    content: 'The street was wider than a river.\n\nShe kept to the shadows of the kerb.',
  });
  const seriesPost = await admin.collection('posts').create({
    type: 'series',
    title: 'Giant City',
    description: 'Walks through a city built for giants.',
    contributors: [member.id],
    published: published(),
  });
  const series = await admin.collection('series').create({ post: seriesPost.id, stories: [story.id] });
  const message = await admin
    .collection('messages')
    .create({ from: other.id, to: member.id, content: 'Hello from the other side of the city.' });
  const [seededStory] = await admin.collection('stories').getFullList({ sort: 'created' });
  const [seededSeries] = await admin.collection('series').getFullList({ filter: `id != "${series.id}"` });
  const [thread] = await admin.collection('forum_posts').getFullList();
  if (!seededStory || !seededSeries || !thread) throw new Error('the demo seed is missing');

  const values: Record<string, string> = {
    username: member.username,
    forumId: String(thread['forum']),
    postId: thread.id,
    id: story.id,
    storyId: String(seededStory.id),
    seriesId: String(seededSeries.id),
    conversationId: message.id,
  };
  return ROUTE_TABLE.map(({ path: pattern, access }) => {
    // The edit forms take the member's own story or series, so they show the form rather than "not yours".
    const filled = pattern.startsWith('/series/edit/')
      ? `/series/edit/${series.id}`
      : pattern.replace(/:(\w+)/g, (_, name: string) => {
          const value = values[name];
          if (!value) throw new Error(`no sample value for :${name} in ${pattern}`);
          return value;
        });
    return { pattern, path: filled, access };
  });
}
