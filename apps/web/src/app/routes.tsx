import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { NotFoundPage } from '../features/pages/not-found-page';
import type { RouteHandle } from '../lib/route-handle';
import { retryingImport } from '../lib/retrying-import';
import { RequireMember, RequireModerator } from './guards';
import { RouteError } from './route-error';
import { ROUTE_TABLE, type RouteAccess, type RouteEntry, type RouteScreen } from './route-table';
import { Shell } from './shell/shell';

// Screens load on demand, each in its own chunk; the shell, router and providers stay in the first load.
const SCREENS = {
  content: () => import('../features/pages/content-page').then((m) => ({ Component: m.ContentPageScreen })),
  home: () => import('./screens/home-screen').then((m) => ({ Component: m.HomeScreen })),
  components: () =>
    import('../features/showcase/components-page').then((m) => ({ Component: m.ComponentsPage })),
  login: () => import('./screens/account-screens').then((m) => ({ Component: m.LoginScreen })),
  'secret-login': () => import('./screens/account-screens').then((m) => ({ Component: m.SecretLoginScreen })),
  register: () => import('./screens/account-screens').then((m) => ({ Component: m.RegisterScreen })),
  'forgot-password': () =>
    import('./screens/account-screens').then((m) => ({ Component: m.ForgotPasswordScreen })),
  settings: () => import('./screens/settings-screen').then((m) => ({ Component: m.SettingsScreen })),
  stories: () => import('../features/stories/stories-page').then((m) => ({ Component: m.StoriesPage })),
  'stories-browse': () =>
    import('../features/stories/browse-stories-page').then((m) => ({ Component: m.BrowseStoriesPage })),
  'stories-manage': () =>
    import('../features/stories/manage-stories-page').then((m) => ({ Component: m.ManageStoriesPage })),
  'story-edit': () => import('./screens/story-edit-screen').then((m) => ({ Component: m.StoryEditScreen })),
  'story-submit': () =>
    import('../features/stories/submit-story-page').then((m) => ({ Component: m.SubmitStoryPage })),
  notifications: () =>
    import('./screens/notifications-screen').then((m) => ({ Component: m.NotificationsScreen })),
  'content-queue': () =>
    import('../features/moderation/content-queue-page').then((m) => ({ Component: m.ContentQueuePage })),
  messages: () => import('../features/messages/messages-page').then((m) => ({ Component: m.MessagesPage })),
  conversation: () =>
    import('../features/messages/conversation-page').then((m) => ({ Component: m.ConversationPage })),
  dashboard: () =>
    import('../features/moderation/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  'report-queue': () =>
    import('../features/moderation/report-queue-page').then((m) => ({ Component: m.ReportQueuePage })),
  users: () => import('../features/moderation/users-page').then((m) => ({ Component: m.UsersPage })),
  story: () => import('./screens/story-screen').then((m) => ({ Component: m.StoryScreen })),
  forums: () => import('../features/forums/forums-page').then((m) => ({ Component: m.ForumsPage })),
  forum: () => import('../features/forums/forum-page').then((m) => ({ Component: m.ForumPage })),
  'forum-submit': () =>
    import('../features/forums/submit-thread-page').then((m) => ({ Component: m.SubmitThreadPage })),
  'forum-thread': () =>
    import('./screens/forum-thread-screen').then((m) => ({ Component: m.ForumThreadScreen })),
  profile: () => import('./screens/profile-screen').then((m) => ({ Component: m.ProfileScreen })),
  'edit-profile': () =>
    import('../features/profiles/edit-profile-page').then((m) => ({ Component: m.EditProfilePage })),
  likes: () => import('../features/profiles/reactions-page').then((m) => ({ Component: m.LikesPage })),
  favorites: () =>
    import('../features/profiles/reactions-page').then((m) => ({ Component: m.FavoritesPage })),
  'series-list': () =>
    import('../features/series/series-list-page').then((m) => ({ Component: m.SeriesListPage })),
  'series-browse': () =>
    import('../features/series/browse-series-page').then((m) => ({ Component: m.BrowseSeriesPage })),
  'series-submit': () =>
    import('../features/series/submit-series-page').then((m) => ({ Component: m.SubmitSeriesPage })),
  'series-edit': () =>
    import('./screens/series-edit-screen').then((m) => ({ Component: m.SeriesEditScreen })),
  series: () => import('./screens/series-screen').then((m) => ({ Component: m.SeriesScreen })),
  search: () => import('./screens/search-screen').then((m) => ({ Component: m.SearchScreen })),
} satisfies Record<RouteScreen['kind'], RouteObject['lazy']>;

function handleOf(screen: RouteScreen): RouteHandle {
  const handle: RouteHandle = {};
  if ('title' in screen) handle.title = screen.title;
  if ('slug' in screen) handle.slug = screen.slug;
  return handle;
}

function toRoute({ path, screen }: RouteEntry): RouteObject {
  return { path, handle: handleOf(screen), lazy: retryingImport(SCREENS[screen.kind]) };
}

const routesFor = (access: RouteAccess): RouteObject[] =>
  ROUTE_TABLE.filter((entry) => entry.access === access).map(toRoute);

/** The router's route table, built from app/route-table.ts: guards wrap the members' and moderators' routes. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    // Only reached if the shell itself fails; errors inside a page are caught below, inside the shell.
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...routesFor('public'),
          { element: <RequireMember />, children: routesFor('member') },
          { element: <RequireModerator />, children: routesFor('moderator') },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
