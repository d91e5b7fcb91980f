/**
 * Every path of both spec parts (part 1 §2 "Route table and access", part 2 §2), as data: who may see
 * it and which screen shows it. app/routes.tsx turns this into the router; tests walk it row by row.
 *
 * Screens:
 * - `content`: the `pages` record with `slug` (title and HTML content).
 * - `home`, `components`, `settings`, `stories`, `stories-browse`, `stories-manage`, `story-submit`,
 *   `story-edit`, `story`, `series-list`, `series-browse`, `series-submit`, `series-edit`, `series`,
 *   `notifications`, `content-queue`, `forums`, `forum`, `forum-submit`, `forum-thread`, `messages`,
 *   `conversation`, `profile`, `edit-profile`, `likes`, `favorites`, `dashboard`, `report-queue`, `users`,
 *   `search`: their own screens.
 * - `login`, `secret-login`, `register`, `forgot-password`: the `pages` record with `slug` as an intro
 *   above the screen's form; `title` is the heading while the record loads or when there is none.
 */
export type RouteAccess = 'public' | 'member' | 'moderator';

export type IntroScreenKind = 'login' | 'secret-login' | 'register' | 'forgot-password';

export type RouteScreen =
  | { kind: 'content'; slug: string }
  | { kind: IntroScreenKind; slug: string; title: string }
  | {
      kind:
        | 'home'
        | 'components'
        | 'settings'
        | 'stories'
        | 'stories-browse'
        | 'stories-manage'
        | 'story-submit'
        | 'story-edit'
        | 'story'
        | 'series-list'
        | 'series-browse'
        | 'series-submit'
        | 'series-edit'
        | 'series'
        | 'notifications'
        | 'content-queue'
        | 'forums'
        | 'forum'
        | 'forum-submit'
        | 'forum-thread'
        | 'messages'
        | 'conversation'
        | 'profile'
        | 'edit-profile'
        | 'likes'
        | 'favorites'
        | 'dashboard'
        | 'report-queue'
        | 'users'
        | 'search';
    };

export interface RouteEntry {
  path: string;
  access: RouteAccess;
  screen: RouteScreen;
}

const content = (slug: string): RouteScreen => ({ kind: 'content', slug });
const intro = (kind: IntroScreenKind, slug: string, title: string): RouteScreen => ({ kind, slug, title });

const PUBLIC: [string, RouteScreen][] = [
  ['/', { kind: 'home' }],
  ['/components', { kind: 'components' }],
  ['/contact', content('contact')],
  ['/help/faq', content('faq')],
  ['/help/rules', content('rules')],
  ['/help/content-guidelines', content('content-guidelines')],
  ['/site/news', content('news')],
  ['/site/roadmap', content('roadmap')],
  ['/terms-of-use', content('terms-of-use')],
  ['/privacy-policy', content('privacy-policy')],
  ['/login', intro('login', 'login', 'Login')],
  ['/secret/login', intro('secret-login', 'secret-login', 'Login')],
  ['/register', intro('register', 'register', 'Register')],
  ['/forgot-password', intro('forgot-password', 'forgot-password', 'Forgot Password')],
];

const MEMBERS: [string, RouteScreen][] = [
  ['/edit-profile', { kind: 'edit-profile' }],
  ['/notifications', { kind: 'notifications' }],
  ['/settings', { kind: 'settings' }],
  ['/profiles/me/likes', { kind: 'likes' }],
  ['/profiles/me/favorites', { kind: 'favorites' }],
  ['/profiles/:username', { kind: 'profile' }],
  ['/forums', { kind: 'forums' }],
  ['/forums/:forumId', { kind: 'forum' }],
  ['/forums/:forumId/submit', { kind: 'forum-submit' }],
  ['/forums/:forumId/posts/:postId', { kind: 'forum-thread' }],
  ['/stories', { kind: 'stories' }],
  ['/stories/manage', { kind: 'stories-manage' }],
  ['/stories/browse', { kind: 'stories-browse' }],
  ['/stories/submit', { kind: 'story-submit' }],
  ['/stories/edit/:id', { kind: 'story-edit' }],
  ['/stories/:storyId', { kind: 'story' }],
  ['/series', { kind: 'series-list' }],
  ['/series/browse', { kind: 'series-browse' }],
  ['/series/submit', { kind: 'series-submit' }],
  ['/series/edit/:id', { kind: 'series-edit' }],
  ['/series/:seriesId', { kind: 'series' }],
  ['/messages', { kind: 'messages' }],
  ['/messages/:conversationId', { kind: 'conversation' }],
  ['/search', { kind: 'search' }],
];

const MODERATORS: [string, RouteScreen][] = [
  ['/admin', { kind: 'dashboard' }],
  ['/admin/content-queue', { kind: 'content-queue' }],
  ['/admin/report-queue', { kind: 'report-queue' }],
  ['/admin/users', { kind: 'users' }],
];

const rows = (access: RouteAccess, list: [string, RouteScreen][]): RouteEntry[] =>
  list.map(([path, screen]) => ({ path, access, screen }));

export const ROUTE_TABLE: readonly RouteEntry[] = [
  ...rows('public', PUBLIC),
  ...rows('member', MEMBERS),
  ...rows('moderator', MODERATORS),
];
