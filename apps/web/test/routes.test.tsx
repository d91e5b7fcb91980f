import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type RouteEntry } from '../src/app/route-table';
import { routes } from '../src/app/routes';
import { fakeApi, listOf, type FakeRequest } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';

// The spec's route lists, copied as written (part 1 §2 "Route table and access", part 2 §2).
const SPEC_PUBLIC = `/ /components /contact /help/faq /help/rules /help/content-guidelines /site/news /site/roadmap
  /terms-of-use /privacy-policy /login /secret/login /register /forgot-password`;
const SPEC_MEMBERS = `/edit-profile /notifications /settings /profiles/me/likes /profiles/me/favorites
  /profiles/{username} /forums /forums/{forumId} /forums/{forumId}/submit /forums/{forumId}/posts/{postId}
  /stories /stories/manage /stories/browse /stories/submit /stories/edit/{id} /stories/{storyId} /series
  /series/browse /series/submit /series/edit/{id} /series/{seriesId} /messages /messages/{conversationId} /search`;
const SPEC_MODERATORS = '/admin /admin/content-queue /admin/report-queue /admin/users';

const specPaths = (list: string) =>
  list
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p.replace(/\{(\w+)\}/g, ':$1'));
const tablePaths = (access: RouteEntry['access']) =>
  ROUTE_TABLE.filter((entry) => entry.access === access).map((entry) => entry.path);

/** A concrete URL for a route pattern. */
const example = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => `${name}-abc123`);

/** Answers every page lookup with a record titled after its slug, as a seeded server would. */
function servePages() {
  fakeApi.on('GET', '/api/collections/pages/records', (request: FakeRequest) => {
    const slug = /slug = "([^"]+)"/.exec(request.query.get('filter') ?? '')?.[1] ?? '?';
    return {
      body: listOf([{ id: `page-${slug}`, slug, title: `Page ${slug}`, content: `<p>About ${slug}.</p>` }]),
    };
  });
}

function expectedHeading({ screen: kind }: RouteEntry): string {
  // Content pages and the intros above the sign-in forms both show their page record's title.
  if ('slug' in kind) return `Page ${kind.slug}`;
  const headings = {
    home: 'Page home',
    components: 'Components',
    settings: 'Settings',
    stories: 'Stories',
    'story-submit': 'Submit Story',
    'story-edit': 'Edit Story',
    'stories-browse': 'Browse Stories',
    'stories-manage': 'Manage Your Stories',
    'content-queue': 'Content Queue',
    dashboard: 'Dashboard',
    'report-queue': 'Report Queue',
    users: 'Users',
    notifications: 'Notifications',
    messages: 'Messages',
    // Not a conversation id, so read as a message id that the fake server does not know.
    conversation: 'Conversation',
    // The fake server has no stories, so the story screen says so under this heading.
    story: 'Story',
    // Likewise the forum screens: no forum, no thread, under their headings.
    forums: 'Forums',
    forum: 'Forum',
    'forum-submit': 'Submit a new Post',
    'forum-thread': 'Forum Post',
    // The fake server has no profiles: a member's page says so, the editor still has its heading.
    profile: 'Profile not found',
    'edit-profile': 'Edit Profile',
    likes: 'My Likes',
    favorites: 'My Favorites',
    'series-list': 'Series',
    'series-browse': 'Browse Series',
    'series-submit': 'Submit Series',
    'series-edit': 'Edit Series',
    // Likewise the series screen, with no series on the fake server.
    series: 'Series',
    // The search screen's intro is the "search" page record.
    search: 'Page search',
  } as const;
  return headings[kind.kind];
}

function leaves(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => (route.children ? leaves(route.children) : [route]));
}

describe('the route table', () => {
  it('holds exactly the paths of both spec parts, with the spec’s access', () => {
    expect(tablePaths('public')).toEqual(specPaths(SPEC_PUBLIC));
    expect(tablePaths('member')).toEqual(specPaths(SPEC_MEMBERS));
    expect(tablePaths('moderator')).toEqual(specPaths(SPEC_MODERATORS));
  });

  it('loads every screen lazily, so each lands in its own chunk', () => {
    const screens = leaves(routes).filter((route) => route.path !== '*');
    expect(screens).toHaveLength(ROUTE_TABLE.length);
    for (const route of screens) expect(typeof route.lazy, route.path).toBe('function');
  });

  it.each(ROUTE_TABLE.map((entry) => [example(entry.path), entry] as const))(
    '%s resolves to its screen',
    async (url, entry) => {
      servePages();
      signIn({ roles: ['moderator'] });
      const { router } = renderApp(url);
      const heading = await screen.findByRole('heading', { level: 1, name: expectedHeading(entry) });
      expect(heading).toBeTruthy();
      expect(router.state.location.pathname).toBe(url);
      await waitFor(() => expect(document.title).toBe(`${expectedHeading(entry)} | Size Community`));
    },
  );

  it('shows the not-found page for an unknown path, inside the shell', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
    expect(screen.getByText('The page you were looking for could not be found.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('404 - Page Not Found | Size Community'));
  });

  it('also shows it below a known prefix, for members', async () => {
    signIn();
    renderApp('/stories/abc/extra/segments');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
  });
});
