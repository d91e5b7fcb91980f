/**
 * Demo content for a fresh install (PRODUCT.md §10), so a newcomer sees a living site: an admin, a few
 * members with profiles, forums, labels, published stories and a series, comments and likes. Written
 * through the record services, so every rule of the site (counters, notifications) applies.
 *
 * Content is written in the format the app renders it in: markdown for everything members write
 * (stories, comments, forum posts, bios); HTML only where the spec says so (a forum's description,
 * like the content pages in pages.ts).
 */
import type { Core } from '../../core';
import { columnKey } from '../../core/records/list-cache';
import type { RecordData } from '../../core/records/record';
import { createRecord } from '../../core/records/write';
import { systemRequest } from '../../core/rules/request-info';
import { randomString } from '../../tools/security/random';

export interface DemoAdmin {
  email: string;
  password: string;
}

const MEMBERS = [
  {
    username: 'grace_giantess',
    name: 'Grace',
    roles: ['moderator'],
    macro_roles: ['giant'],
    bio: 'Writer of gentle giantess tales.',
  },
  {
    username: 'tiny.tom',
    name: 'Tom',
    roles: [],
    macro_roles: ['tiny'],
    bio: 'Small in stature, big on stories.',
  },
  {
    username: 'mira-shift',
    name: 'Mira',
    roles: [],
    macro_roles: ['shrinker', 'grower'],
    bio: 'Size changes of every kind.',
  },
];

const STORIES = [
  {
    author: 0,
    title: 'The Lighthouse Keeper',
    description: 'A giantess keeps watch over a tiny fishing village.',
    labels: ['Giant'],
    tags: ['gentle', 'village'],
    sizes: { larger_size: 'mega', smaller_size: 'micro', size_change: 'none' },
    content:
      'The storm came in from the west, and Edda rose from the hill to meet it.\n\nBelow her, the lanterns of the village flickered like fireflies.',
  },
  {
    author: 1,
    title: 'Pocket Sized',
    description: 'Waking up three inches tall in a very large apartment.',
    labels: ['Tiny'],
    tags: ['shrinking', 'slice of life'],
    sizes: { larger_size: 'normal', smaller_size: 'tiny', size_change: 'shrinking' },
    content:
      'The alarm clock was the size of a house.\n\nTom stared up at it and decided that, today, he would not be going to work.',
  },
  {
    author: 2,
    title: 'Growth Spurt, Chapter 1',
    description: 'The first chapter of a growing adventure.',
    labels: ['Growing'],
    tags: ['growing', 'adventure'],
    content: 'It started with her shoes feeling tight.',
    sizes: { larger_size: 'mega', smaller_size: 'normal', size_change: 'growth' },
  },
  {
    author: 2,
    title: 'Growth Spurt, Chapter 2',
    description: 'The city looks different from up here.',
    labels: ['Growing'],
    tags: ['growing', 'adventure'],
    content: 'By noon, the rooftops were at her knees.',
    sizes: { larger_size: 'giga', smaller_size: 'normal', size_change: 'growth' },
  },
];

export async function seedDemo(core: Core): Promise<DemoAdmin> {
  const system = systemRequest(core.registry.find('_superusers')!);
  const create = (collection: string, data: RecordData) =>
    createRecord(core.records, core.registry.find(collection)!, data, system);
  const now = new Date().toISOString().replace('T', ' ');

  const admin: DemoAdmin = { email: 'admin@example.com', password: randomString(16) };
  const adminUser = await create('users', {
    username: 'admin',
    email: admin.email,
    password: admin.password,
    passwordConfirm: admin.password,
    roles: ['admin'],
    verified: true,
    birthday: '1980-01-01',
  });
  // Like every member, the admin has a profile from the start: a first sign-in then goes where it was
  // headed (say the content queue) instead of stopping to create one.
  const adminProfile = await create('profiles', { user: adminUser.id, username: 'admin', name: 'Admin' });
  await core.db.kysely
    .updateTable('users')
    .set({ profile: String(adminProfile.id) })
    .where('id', '=', String(adminUser.id))
    .execute();

  const members: RecordData[] = [];
  for (const m of MEMBERS) {
    const password = randomString(16);
    const user = await create('users', {
      username: m.username,
      email: `${m.username.replace(/\W/g, '')}@example.com`,
      password,
      passwordConfirm: password,
      roles: m.roles,
      verified: true,
      birthday: '1990-06-15',
      emailVisibility: false,
    });
    const profile = await create('profiles', {
      user: user.id,
      username: m.username,
      name: m.name,
      macro_roles: m.macro_roles,
      bio: m.bio,
      settings: { displayUsername: false, displayAge: false },
    });
    await core.db.kysely
      .updateTable('users')
      .set({ profile: String(profile.id) })
      .where('id', '=', String(user.id))
      .execute();
    members.push(user);
  }
  // The profiles were linked behind the record layer: remembered lists and accounts are told.
  core.records.lists?.changed([columnKey('users', 'profile')]);

  const labels = new Map<string, string>();
  for (const [order, name] of ['Giant', 'Tiny', 'Shrinking', 'Growing'].entries()) {
    labels.set(
      name,
      String(
        (
          await create('labels', {
            name,
            isCategory: true,
            order,
            description: `Stories centred on ${name.toLowerCase()} characters.`,
          })
        ).id,
      ),
    );
  }
  const tags = new Map<string, string>();
  const tagId = async (name: string) => {
    if (!tags.has(name)) tags.set(name, String((await create('tags', { name })).id));
    return tags.get(name)!;
  };

  const storyIds: string[] = [];
  for (const s of STORIES) {
    const author = String(members[s.author]!.id);
    const post = await create('posts', {
      type: 'story',
      title: s.title,
      description: s.description,
      contributors: [author],
      labels: s.labels.map((l) => labels.get(l)!),
      tags: await Promise.all(s.tags.map(tagId)),
      ...s.sizes,
      published: now,
    });
    storyIds.push(String((await create('stories', { post: post.id, content: s.content })).id));
  }
  const seriesPost = await create('posts', {
    type: 'series',
    title: 'Growth Spurt',
    description: 'A serial about growing, chapter by chapter.',
    contributors: [String(members[2]!.id)],
    larger_size: 'giga',
    smaller_size: 'normal',
    size_change: 'growth',
    published: now,
  });
  const series = await create('series', { post: seriesPost.id, stories: storyIds.slice(2) });
  for (const id of storyIds.slice(2))
    await core.db.kysely
      .updateTable('stories')
      .set({ series: String(series.id) })
      .where('id', '=', id)
      .execute();

  const forums = ['General', 'Story Discussion', 'Art and Commissions'];
  for (const [sort_order, name] of forums.entries()) {
    const forum = await create('forums', {
      name,
      sort_order,
      description: `<p>${name} for the community.</p>`,
    });
    if (sort_order === 0) {
      const thread = await create('posts', {
        type: 'forum-post',
        title: 'Welcome, introduce yourself!',
        contributors: [String(members[0]!.id)],
        published: now,
      });
      await create('forum_posts', {
        post: thread.id,
        forum: forum.id,
        content: 'Say hello and tell us what you like to read or write.',
        pinned: true,
      });
    }
  }

  const firstStoryPost: { post: string } = await core.db.kysely
    .selectFrom('stories')
    .select('post')
    .where('id', '=', storyIds[0]!)
    .executeTakeFirstOrThrow();
  await create('comments', {
    target: firstStoryPost.post,
    author: String(members[1]!.id),
    content: 'I loved the lanterns. More please!',
  });
  await create('likes', { target: firstStoryPost.post, user: String(members[1]!.id) });
  await create('likes', { target: firstStoryPost.post, user: String(members[2]!.id) });
  return admin;
}
