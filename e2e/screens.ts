/**
 * `npm run screens` (through scripts/screens.mjs, which builds first): every main screen of the site,
 * photographed at 1280 and 360 px wide on a throwaway server with the demo content, as a member, a
 * moderator and a visitor would see it; writes the images to docs/screens/ and the page that shows them,
 * docs/screens.md. The images are viewport captures in JPEG, so the folder stays small.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { launchBrowser } from './support/browser';
import { clientOf, createMember, superuserClient, type Member } from './support/members';
import { startServer } from './support/server';
import { sitePaths } from './support/site-paths';

const root = path.resolve(import.meta.dirname, '..');
const imageDir = path.join(root, 'docs/screens');
const docFile = path.join(root, 'docs/screens.md');

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 360, height: 780 },
] as const;
const JPEG_QUALITY = 70;

type Visitor = 'visitor' | 'member' | 'moderator';

interface Screen {
  /** The images' file name stem. */
  slug: string;
  title: string;
  /** One line: what a member does there. */
  purpose: string;
  visitor: Visitor;
  /** The route as the route table has it, shown on the page; `path` fills in its parameters. */
  route?: string;
  path: string;
}

/** Waits until the screen's data has arrived: its heading is there and no loader is left spinning. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForLoadState('networkidle', { timeout: 8_000 })
    .catch(() => undefined /* the realtime stream may keep the network busy */);
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 8_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0, undefined, {
      timeout: 8_000,
    })
    .catch(() => undefined);
  // Images (avatars, covers) finish decoding; no transitions run (reduced motion).
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  // A heading focused after an in-app redirect shows its keyboard ring; a member arriving by a click
  // would not see it.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Content beyond the demo seed, so that every screen shows what it is for rather than "nothing yet". */
async function seedScreens(admin: PocketBase, member: Member, moderator: Member) {
  const author = await createMember(admin, { username: 'ada_author', name: 'Ada Author' });
  const paths = new Map((await sitePaths(admin, member, author)).map((entry) => [entry.pattern, entry.path]));
  const at = (pattern: string) => {
    const found = paths.get(pattern);
    if (!found) throw new Error(`no path for ${pattern}`);
    return found;
  };

  // The conversation has both sides; the member's story has a comment and a like (two notifications).
  const memberClient = await clientOf(admin, member);
  const authorClient = await clientOf(admin, author);
  await memberClient
    .collection('messages')
    .create({ from: member.id, to: author.id, content: 'Hi Ada! The city walk was lovely.' });
  const [ownPost] = await admin.collection('posts').getFullList({ filter: `title = "A Walk Among Giants"` });
  if (ownPost) {
    await authorClient
      .collection('comments')
      .create({ target: ownPost.id, author: author.id, content: 'The kerb shadows! Wonderful detail.' });
  }

  // Something waiting in each moderation queue.
  const pending = await admin.collection('posts').create({
    type: 'story',
    title: 'The Borrowed Teacup',
    description: 'A tiny family lives in a giant’s kitchen cupboard.',
    contributors: [author.id],
    submitted: new Date().toISOString(),
  });
  await admin.collection('stories').create({
    post: pending.id,
    content: 'Nobody ever counted the teacups.\n\nSo nobody noticed when one went missing.',
  });
  const [authorProfile] = await admin.collection('profiles').getFullList({ filter: `user = "${author.id}"` });
  if (authorProfile) {
    await memberClient.collection('reports').create({
      user: member.id,
      reason: 'This profile copies another member’s art without credit.',
      profile: authorProfile.id,
    });
  }

  // A published author of the demo content, whose profile lists their stories.
  const [demoStory] = await admin.collection('posts').getFullList({
    filter: `type = "story" && published != ""`,
    sort: 'created',
    expand: 'contributors',
  });
  const demoAuthor = (demoStory?.expand?.['contributors'] as { username: string }[] | undefined)?.[0];

  const screens: Screen[] = [
    {
      slug: 'home',
      title: 'Home',
      purpose: 'Sees the pinned forum threads, the stories they have not finished and the latest stories.',
      visitor: 'member',
      path: '/',
    },
    {
      slug: 'stories',
      title: 'Stories',
      purpose: 'Browses the published stories and finds the way to submit or manage their own.',
      visitor: 'member',
      path: '/stories',
    },
    {
      slug: 'story',
      title: 'A story',
      purpose: 'Reads a story, likes or favourites it, and joins the discussion in its comments.',
      visitor: 'member',
      route: '/stories/:storyId',
      path: at('/stories/:storyId'),
    },
    {
      slug: 'submit-story',
      title: 'Submit a story',
      purpose: 'Writes a story in markdown with its labels, tags, sizes and files, and sends it for review.',
      visitor: 'member',
      path: '/stories/submit',
    },
    {
      slug: 'series-list',
      title: 'Series',
      purpose: 'Browses the series: stories collected in order.',
      visitor: 'member',
      path: '/series',
    },
    {
      slug: 'series',
      title: 'A series',
      purpose: 'Reads a series’ description and opens its stories in order.',
      visitor: 'member',
      route: '/series/:seriesId',
      path: at('/series/:seriesId'),
    },
    {
      slug: 'forums',
      title: 'Forums',
      purpose: 'Sees every forum with its latest threads.',
      visitor: 'member',
      path: '/forums',
    },
    {
      slug: 'forum',
      title: 'A forum',
      purpose: 'Reads the list of a forum’s threads and starts a new one.',
      visitor: 'member',
      route: '/forums/:forumId',
      path: at('/forums/:forumId'),
    },
    {
      slug: 'thread',
      title: 'A forum thread',
      purpose: 'Reads a thread and replies to it.',
      visitor: 'member',
      route: '/forums/:forumId/posts/:postId',
      path: at('/forums/:forumId/posts/:postId'),
    },
    {
      slug: 'search',
      title: 'Search',
      purpose: 'Searches stories, series and threads by words, labels, tags and sizes.',
      visitor: 'member',
      path: '/search?query=giant',
    },
    {
      slug: 'profile',
      title: 'A profile',
      purpose: 'Gets to know a member and their work; follows, messages or reports them.',
      visitor: 'member',
      route: '/profiles/:username',
      path: `/profiles/${demoAuthor?.username ?? author.username}`,
    },
    {
      slug: 'edit-profile',
      title: 'Edit profile',
      purpose: 'Changes their display name, avatar, about text and the facts their profile shows.',
      visitor: 'member',
      path: '/edit-profile',
    },
    {
      slug: 'settings',
      title: 'Settings',
      purpose:
        'Manages email, password, site and reader settings, who may message them, blocks and muted tags.',
      visitor: 'member',
      path: '/settings',
    },
    {
      slug: 'messages',
      title: 'Messages',
      purpose: 'Finds their conversations and the requests from members they have not talked with yet.',
      visitor: 'member',
      path: '/messages',
    },
    {
      slug: 'conversation',
      title: 'A conversation',
      purpose: 'Writes to another member, with attachments, and reports a message if needed.',
      visitor: 'member',
      route: '/messages/:conversationId',
      // The conversation's own id (the two members' ids), not a message's, which would highlight it.
      path: `/messages/${[member.id, author.id].sort().join(':')}`,
    },
    {
      slug: 'notifications',
      title: 'Notifications',
      purpose: 'Catches up on comments, likes, follows and moderation news about their work.',
      visitor: 'member',
      path: '/notifications',
    },
    {
      slug: 'dashboard',
      title: 'Moderation dashboard',
      purpose: 'A moderator sees what waits in each queue and the latest moderation decisions.',
      visitor: 'moderator',
      path: '/admin',
    },
    {
      slug: 'content-queue',
      title: 'Content queue',
      purpose: 'A moderator reads each submission and publishes or rejects it with a reason.',
      visitor: 'moderator',
      path: '/admin/content-queue',
    },
    {
      slug: 'report-queue',
      title: 'Report queue',
      purpose: 'A moderator reviews what members reported and resolves each report.',
      visitor: 'moderator',
      path: '/admin/report-queue',
    },
    {
      slug: 'login',
      title: 'Login',
      purpose: 'A visitor signs in, or goes on to register.',
      visitor: 'visitor',
      path: '/login',
    },
    {
      slug: 'register',
      title: 'Register',
      purpose: 'A visitor of 18 or more creates an account.',
      visitor: 'visitor',
      path: '/register',
    },
  ];
  return { screens, moderatorClient: await clientOf(admin, moderator) };
}

const WHO: Record<Visitor, string> = {
  visitor: 'a visitor (signed out)',
  member: 'a member',
  moderator: 'a moderator',
};

function markdown(screens: readonly Screen[]): string {
  const parts = [
    '# The screens',
    '',
    'Every main screen of the site at 1280 px (a laptop) and 360 px (a phone) wide, on a fresh install with',
    'the demo content. Regenerate the images and this page with one command:',
    '',
    '```sh',
    'npm run screens',
    '```',
    '',
    'It builds what is stale, starts a throwaway server with the demo content (`SEED_DEMO`), adds a member,',
    'a moderator and a little more content, and photographs each screen in Chromium (`e2e/screens.ts`).',
    '',
  ];
  for (const screen of screens) {
    parts.push(
      `## ${screen.title}`,
      '',
      `\`${screen.route ?? screen.path}\`, as ${WHO[screen.visitor]}. ${screen.purpose}`,
      '',
      '| 1280 px | 360 px |',
      '| --- | --- |',
      `| <img src="screens/${screen.slug}-1280.jpg" width="560" alt="${screen.title} at 1280 px"> | <img src="screens/${screen.slug}-360.jpg" width="180" alt="${screen.title} at 360 px"> |`,
      '',
    );
  }
  return parts.join('\n');
}

async function main(): Promise<void> {
  const server = await startServer({ SEED_DEMO: 'true' });
  const browser = await launchBrowser();
  try {
    const admin = await superuserClient(server);
    const member = await createMember(admin, { username: 'mia_member', name: 'Mia Member' });
    const moderator = await createMember(admin, {
      username: 'moe_moderator',
      name: 'Moe Moderator',
      roles: ['moderator'],
    });
    const { screens, moderatorClient } = await seedScreens(admin, member, moderator);
    const tokens: Record<Visitor, PocketBase | null> = {
      visitor: null,
      member: await clientOf(admin, member),
      moderator: moderatorClient,
    };

    fs.rmSync(imageDir, { recursive: true, force: true });
    fs.mkdirSync(imageDir, { recursive: true });
    const page = await browser.context.newPage();
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    let signedInAs: Visitor | undefined;
    for (const screen of screens) {
      if (signedInAs !== screen.visitor) {
        await page.goto(new URL('/favicon.svg', server.url).toString());
        const client = tokens[screen.visitor];
        const auth = client
          ? JSON.stringify({ token: client.authStore.token, record: client.authStore.record })
          : null;
        await page.evaluate((value) => {
          if (value) localStorage.setItem('pocketbase_auth', value);
          else localStorage.removeItem('pocketbase_auth');
        }, auth);
        signedInAs = screen.visitor;
      }
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await page.goto(new URL(screen.path, server.url).toString());
        await settle(page);
        const file = path.join(imageDir, `${screen.slug}-${size.width}.jpg`);
        await page.screenshot({ path: file, type: 'jpeg', quality: JPEG_QUALITY });
        console.log(`${path.relative(root, file)}  ${screen.path}`);
      }
    }
    fs.writeFileSync(docFile, markdown(screens));
    const bytes = fs
      .readdirSync(imageDir)
      .reduce((sum, name) => sum + fs.statSync(path.join(imageDir, name)).size, 0);
    console.log(
      `${screens.length} screens, ${(bytes / 1024 / 1024).toFixed(1)} MB in docs/screens; wrote docs/screens.md`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
