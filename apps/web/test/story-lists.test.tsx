import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { collapseKey } from '../src/features/stories/manage-stories-page';
import { fakeApi, listOf, type FakeRequest } from './fake-api';
import { fakeRealtime } from './fake-realtime';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { LABELS, SERIES, STORIES, TAGS, story } from './story-fixtures';

const SECTION_TITLES = ['Pending Series', 'Pending Stories', 'Published Series', 'Published Stories'];

/** Answers the manage lists: pending or published stories and series, by the filter asked. */
function serveManageLists() {
  const answer = (kind: 'stories' | 'series') => (request: FakeRequest) => {
    const published = request.query.get('filter')?.endsWith("post.published != ''");
    const items =
      kind === 'stories'
        ? published
          ? [story('s1', 'Published One'), story('s2', 'Published Two')]
          : [story('s3', 'Waiting', { published: '' })]
        : published
          ? []
          : [{ ...story('se1', 'My Series', { type: 'series', published: '' }), collectionName: 'series' }];
    return { body: listOf(items, { perPage: 1000 }) };
  };
  fakeApi.on('GET', STORIES, answer('stories'));
  fakeApi.on('GET', SERIES, answer('series'));
}

describe('/stories/manage', () => {
  it('shows the four sections in order with their counts, each newest first and up to 1000', async () => {
    signIn({ verified: true });
    serveManageLists();
    renderApp('/stories/manage');

    await screen.findByRole('link', { name: 'Published Two' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(SECTION_TITLES);
    const counts = SECTION_TITLES.map((title) => {
      const section = screen.getByRole('region', { name: title });
      return within(section).getByLabelText(/items$/).textContent;
    });
    expect(counts).toEqual(['1', '1', '0', '2']);
    expect(screen.getByRole('link', { name: 'My Series' }).getAttribute('href')).toBe('/series/se1');
    expect(screen.getByRole('link', { name: 'Waiting' }).getAttribute('href')).toBe('/stories/s3');

    const queries = [...fakeApi.requestsTo(SERIES), ...fakeApi.requestsTo(STORIES)].map((r) =>
      Object.fromEntries(r.query),
    );
    const mine = `post.contributors.id ?= "${USER_ID}"`;
    expect(queries.map((q) => q.filter).sort()).toEqual(
      [
        `${mine} && post.published = ''`,
        `${mine} && post.published != ''`,
        `${mine} && post.published = ''`,
        `${mine} && post.published != ''`,
      ].sort(),
    );
    for (const query of queries)
      expect(query).toMatchObject({ page: '1', perPage: '1000', sort: '-created' });
  });

  it('offers Submit Series and Submit Story to verified members', async () => {
    signIn({ verified: true });
    serveManageLists();
    renderApp('/stories/manage');
    expect((await screen.findByRole('link', { name: 'Submit Series' })).getAttribute('href')).toBe(
      '/series/submit',
    );
    expect(screen.getByRole('link', { name: 'Submit Story' }).getAttribute('href')).toBe('/stories/submit');
  });

  it('tells members without a verified email why they cannot submit', async () => {
    signIn({ verified: false });
    serveManageLists();
    renderApp('/stories/manage');
    expect(await screen.findByText('Only users with a verified email may post stories.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Submit Story' })).toBeNull();
  });

  it('collapses a section and remembers it per section', async () => {
    signIn({ verified: true });
    serveManageLists();
    const first = renderApp('/stories/manage');
    const toggle = await screen.findByRole('button', { name: /^Published Stories/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('link', { name: 'Published One' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Published One' })).toBeNull());
    expect(localStorage.getItem(collapseKey('published-stories'))).toBe('true');
    expect(screen.getByRole('link', { name: 'Waiting' })).toBeTruthy();
    first.unmount();

    renderApp('/stories/manage');
    const again = await screen.findByRole('button', { name: /^Published Stories/ });
    expect(again.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: /^Pending Stories/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await screen.findByRole('link', { name: 'Waiting' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Published One' })).toBeNull();
  });
});

describe('/stories/browse', () => {
  function serveBrowse() {
    fakeApi.on('GET', STORIES, (request) => ({
      body: listOf([story('s1', `Result for ${request.query.get('filter')}`)], { perPage: 20 }),
    }));
    fakeApi.on('GET', LABELS, {
      body: listOf([{ id: 'l1', name: 'Giant', order: 0, isCategory: true, parent: '' }], { perPage: 1000 }),
    });
    fakeApi.on('GET', TAGS, {
      body: listOf(
        [
          { id: 't1', name: 'gentle' },
          { id: 't2', name: 'storm' },
        ],
        { perPage: 1000 },
      ),
    });
  }

  it('filters published stories by the label and tag of the query, oldest first, 20 per page', async () => {
    signIn();
    serveBrowse();
    renderApp('/stories/browse?label=l1&tag=t1&page=2');
    await screen.findByRole('link', { name: /^Result for/ });
    expect(Object.fromEntries(fakeApi.requestsTo(STORIES)[0]!.query)).toEqual({
      page: '2',
      perPage: '20',
      filter: `post.published != '' && post.labels.id ?= "l1" && post.tags.id ?= "t1"`,
      sort: 'created',
      expand: 'post,post.contributors,post.contributors.profile,post.tags,post.labels',
      // The member's muted tags and labels are left out by the server (PRODUCT.md §14).
      muted: 'hide',
    });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Label' }).value).toBe('l1');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Tag' }).value).toBe('t1');
  });

  it('puts a chosen filter into the query and starts again at page 1', async () => {
    signIn();
    serveBrowse();
    const { router } = renderApp('/stories/browse?label=l1&page=3');
    await screen.findByRole('link', { name: /^Result for/ });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Tag' }), 'storm');
    await waitFor(() => expect(currentUrl(router)).toBe('/stories/browse?label=l1&tag=t2'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Label' }), 'All labels');
    await waitFor(() => expect(currentUrl(router)).toBe('/stories/browse?tag=t2'));
    expect(
      await screen.findByRole('link', { name: `Result for post.published != '' && post.tags.id ?= "t2"` }),
    ).toBeTruthy();
  });

  it('links each tag of a story card to the stories with that tag', async () => {
    signIn();
    serveBrowse();
    renderApp('/stories/browse');
    const tag = await screen.findByRole('link', { name: 'gentle' });
    expect(tag.getAttribute('href')).toBe('/stories/browse?tag=t1');
  });

  it('shows "Manage Your Stories" to testers, moderators and admins only', async () => {
    for (const [roles, shown] of [
      [[], false],
      [['tester'], true],
      [['moderator'], true],
      [['admin'], true],
    ] as const) {
      signIn({ roles: [...roles], verified: true });
      serveBrowse();
      const view = renderApp('/stories/browse');
      await screen.findByRole('link', { name: /^Result for/ });
      expect(Boolean(screen.queryByRole('link', { name: 'Manage Your Stories' })), roles.join()).toBe(shown);
      view.unmount();
    }
  });
});

describe('/stories past its last page', () => {
  it('says the page is past the end (not that there are no stories) and leads to the last page', async () => {
    signIn();
    fakeApi.on('GET', STORIES, (request) => {
      const page = Number(request.query.get('page'));
      const items = page === 3 ? [story('s21', 'The Last One')] : [];
      return { body: listOf(items, { page, perPage: 10, totalItems: 21 }) };
    });
    const { router } = renderApp('/stories?page=99');
    expect(await screen.findByText('There is no page 99: this list ends at page 3.')).toBeTruthy();
    expect(screen.queryByText('There are no published stories yet.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await screen.findByRole('link', { name: 'The Last One' });
    expect(currentUrl(router)).toBe('/stories?page=3');
  });
});

describe('/stories/manage follows the bell', () => {
  it('moves a story to "Published Stories" as soon as the notification of its publication arrives', async () => {
    signIn({ verified: true });
    let published = false;
    fakeApi.on('GET', STORIES, (request) => {
      const wantsPublished = request.query.get('filter')?.endsWith("post.published != ''");
      const waiting = story('s3', 'Waiting', { published: '' });
      const done = story('s3', 'Waiting');
      const items = wantsPublished ? (published ? [done] : []) : published ? [] : [waiting];
      return { body: listOf(items, { perPage: 1000 }) };
    });
    fakeApi.on('GET', SERIES, { body: listOf([], { perPage: 1000 }) });
    fakeApi.on('GET', '/api/collections/notifications/records', { body: listOf([]) });
    renderApp('/stories/manage');
    const pending = await screen.findByRole('region', { name: /^Pending Stories/ });
    await within(pending).findByRole('link', { name: 'Waiting' });
    fakeRealtime.connect();
    await waitFor(() => expect(fakeRealtime.subscriptions()).toContain('notifications/*'));

    published = true;
    fakeRealtime.emit('notifications/*', {
      action: 'create',
      record: {
        id: 'n1',
        collectionName: 'notifications',
        user: USER_ID,
        icon: 'check',
        content: 'Your story "Waiting" was published.',
        href: '/stories/s3',
        read: false,
        created: '2026-03-05 10:00:00.000Z',
      },
    });
    const publishedSection = screen.getByRole('region', { name: /^Published Stories/ });
    await within(publishedSection).findByRole('link', { name: 'Waiting' });
    expect(within(pending).queryByRole('link', { name: 'Waiting' })).toBeNull();
  });
});
