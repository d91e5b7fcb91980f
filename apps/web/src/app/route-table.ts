/**
 * Every path of both spec parts (part 1 §2 "Route table and access", part 2 §2), as data: who may see
 * it and which screen shows it. app/routes.tsx turns this into the router; tests walk it row by row.
 *
 * Screens:
 * - `coming-soon`: later work builds the screen; until then it shows only `title`.
 * - `content`: the `pages` record with `slug` (title and HTML content).
 * - `home`, `components`: their own screens.
 */
export type RouteAccess = 'public' | 'member' | 'moderator';

export type RouteScreen =
  | { kind: 'coming-soon'; title: string }
  | { kind: 'content'; slug: string }
  | { kind: 'home' }
  | { kind: 'components' };

export interface RouteEntry {
  path: string;
  access: RouteAccess;
  screen: RouteScreen;
}

const soon = (title: string): RouteScreen => ({ kind: 'coming-soon', title });
const content = (slug: string): RouteScreen => ({ kind: 'content', slug });

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
  ['/login', soon('Login')],
  ['/secret/login', soon('Login')],
  ['/register', soon('Register')],
  ['/forgot-password', soon('Forgot Password')],
];

const MEMBERS: [string, RouteScreen][] = [
  ['/edit-profile', soon('Edit Profile')],
  ['/notifications', soon('Notifications')],
  ['/settings', soon('Settings')],
  ['/profiles/me/likes', soon('My Likes')],
  ['/profiles/me/favorites', soon('My Favorites')],
  ['/profiles/:username', soon('Profile')],
  ['/forums', soon('Forums')],
  ['/forums/:forumId', soon('Forum')],
  ['/forums/:forumId/submit', soon('Submit a new Post')],
  ['/forums/:forumId/posts/:postId', soon('Forum Post')],
  ['/stories', soon('Stories')],
  ['/stories/manage', soon('Manage Your Stories')],
  ['/stories/browse', soon('Browse Stories')],
  ['/stories/submit', soon('Submit Story')],
  ['/stories/edit/:id', soon('Edit Story')],
  ['/stories/:storyId', soon('Story')],
  ['/series', soon('Series')],
  ['/series/browse', soon('Browse Series')],
  ['/series/submit', soon('Submit Series')],
  ['/series/edit/:id', soon('Edit Series')],
  ['/series/:seriesId', soon('Series')],
  ['/messages', soon('Messages')],
  ['/messages/:conversationId', soon('Conversation')],
  ['/search', soon('Search')],
];

const MODERATORS: [string, RouteScreen][] = [
  ['/admin', soon('Dashboard')],
  ['/admin/content-queue', soon('Content Queue')],
  ['/admin/report-queue', soon('Report Queue')],
  ['/admin/users', soon('Users')],
];

const rows = (access: RouteAccess, list: [string, RouteScreen][]): RouteEntry[] =>
  list.map(([path, screen]) => ({ path, access, screen }));

export const ROUTE_TABLE: readonly RouteEntry[] = [
  ...rows('public', PUBLIC),
  ...rows('member', MEMBERS),
  ...rows('moderator', MODERATORS),
];
