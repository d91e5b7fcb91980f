import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { SUBMIT_FAILED_TEXT } from '../src/components/posts/submit-failure';
import { fakeApi, listOf, NOT_FOUND_BODY, bodyOf } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { FAVORITES, LABELS, LIKES, POSTS, TAGS, VIEWS } from './story-fixtures';
import { AUTHOR_ID, MY_STORIES, SERIES, series, story } from './series-fixtures';

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

/** Serves series se1 and what its page asks for besides (views, likes, favorites, no comments). */
function serveSeries(body: ReturnType<typeof series>) {
  fakeApi.on('GET', `${SERIES}/${body.id}`, { body });
  fakeApi.on('GET', VIEWS, { body: listOf([]) });
  fakeApi.on('POST', VIEWS, (request) => ({ body: { id: 'v1', ...(request.body as object) } }));
  fakeApi.on('GET', LIKES, { body: listOf([]) });
  fakeApi.on('GET', FAVORITES, { body: listOf([]) });
  fakeApi.on('GET', '/api/collections/comments/records', { body: listOf([], { perPage: 500 }) });
}

const twoChapters = () => [story('s1', 'The First Step'), story('s2', 'The Second Step')];

describe('/series', () => {
  it('lists published series with at least one story, oldest first, 10 per page', async () => {
    signIn();
    fakeApi.on('GET', SERIES, {
      body: listOf([series('se1', 'Giants of the Vale', twoChapters())], { perPage: 10, totalItems: 11 }),
    });
    renderApp('/series');
    expect(await screen.findByRole('heading', { level: 1, name: 'Series' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Giants of the Vale' });
    expect(within(card).getByRole('link', { name: 'Giants of the Vale' }).getAttribute('href')).toBe(
      '/series/se1',
    );
    expect(within(card).getByText('2 chapters')).toBeTruthy();
    const query = Object.fromEntries(fakeApi.requestsTo(SERIES, 'GET')[0]!.query);
    expect(query).toMatchObject({
      filter: "post.published != '' && stories:length > 0",
      sort: 'created',
      perPage: '10',
      page: '1',
    });
    expect(screen.getByRole('link', { name: 'Submit Series' }).getAttribute('href')).toBe('/series/submit');
    // 11 series make two pages.
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it('says so when there are none, and shows the error when the list fails', async () => {
    signIn();
    fakeApi.on('GET', SERIES, { body: listOf([]) });
    const first = renderApp('/series');
    expect(await screen.findByText('There are no published series yet.')).toBeTruthy();
    first.unmount();
    fakeApi.on('GET', SERIES, { status: 400, body: { status: 400, message: 'Bad filter.', data: {} } });
    renderApp('/series');
    expect((await screen.findByRole('alert')).textContent).toBe('Bad filter.');
  });
});

describe('/series/browse', () => {
  it('filters by the label and tag of the query, oldest first, 20 per page', async () => {
    signIn();
    fakeApi.on('GET', LABELS, { body: listOf([{ id: 'l1', name: 'Giantess' }]) });
    fakeApi.on('GET', TAGS, { body: listOf([{ id: 't1', name: 'gentle' }]) });
    fakeApi.on('GET', SERIES, { body: listOf([series('se1', 'Giants of the Vale', twoChapters())]) });
    renderApp('/series/browse?label=l1&tag=t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Series' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Giants of the Vale' });
    const query = Object.fromEntries(fakeApi.requestsTo(SERIES, 'GET')[0]!.query);
    expect(query).toMatchObject({
      filter:
        'post.published != \'\' && stories:length > 0 && post.labels.id ?= "l1" && post.tags.id ?= "t1"',
      sort: 'created',
      perPage: '20',
    });
    expect(screen.queryByText('No published series match these filters.')).toBeNull();
  });
});

describe('/series/{seriesId}', () => {
  it('shows the chapters in order and offers "Edit Series" and "Add a Story To This Series" to contributors', async () => {
    signIn({ id: AUTHOR_ID });
    serveSeries(
      series('se1', 'Giants of the Vale', [story('s2', 'The Second Step'), story('s1', 'The First Step')]),
    );
    renderApp('/series/se1');
    await screen.findByRole('heading', { level: 1, name: 'Giants of the Vale' });
    const chapters = screen.getByRole('list', { name: 'Chapters' });
    expect(
      within(chapters)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Chapter 1: The Second Step', '/stories/s2'],
      ['Chapter 2: The First Step', '/stories/s1'],
    ]);
    expect(screen.getByRole('link', { name: 'Edit Series' }).getAttribute('href')).toBe('/series/edit/se1');
    expect(screen.getByRole('link', { name: 'Add a Story To This Series' }).getAttribute('href')).toBe(
      '/stories/submit?series=se1',
    );
    // One view per page load.
    await waitFor(() => expect(fakeApi.requestsTo(VIEWS, 'POST')).toHaveLength(1));
    expect(fakeApi.requestsTo(`${SERIES}/se1`)[0]!.query.get('expand')).toContain('stories.post');
  });

  it('offers neither button to other members, who may report it instead', async () => {
    signIn();
    serveSeries(series('se1', 'Giants of the Vale', twoChapters()));
    renderApp('/series/se1');
    await screen.findByRole('heading', { level: 1, name: 'Giants of the Vale' });
    expect(screen.queryByRole('link', { name: 'Edit Series' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a Story To This Series' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like' })).toBeTruthy();
  });

  it('lets a member follow a published series, and shows that they do', async () => {
    signIn({ id: USER_ID });
    serveSeries(series('se1', 'Giants of the Vale', twoChapters()));
    fakeApi.on('POST', '/api/collections/follows/records', (request) => ({
      body: { id: 'f1', ...(request.body as object) },
    }));
    renderApp('/series/se1');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Series' }));
    // The button now says what a press does: the member follows the series.
    expect(await screen.findByRole('button', { name: 'Unfollow Series' })).toBeTruthy();
    expect(fakeApi.requestsTo('/api/collections/follows/records', 'POST')[0]!.body).toEqual({
      user: USER_ID,
      series: 'se1',
    });
  });

  it('says "Not Published" to a contributor of a series still in review', async () => {
    signIn({ id: AUTHOR_ID });
    serveSeries(series('se1', 'Waiting Room', [], { published: '' }));
    renderApp('/series/se1');
    expect(await screen.findByText('Not Published')).toBeTruthy();
    expect(screen.getByText('This series has no chapters yet.')).toBeTruthy();
  });

  it('says when there is no such series', async () => {
    signIn();
    fakeApi.on('GET', `${SERIES}/nope`, { status: 404, body: NOT_FOUND_BODY });
    renderApp('/series/nope');
    expect(await screen.findByText("That series doesn't seem to exist.")).toBeTruthy();
  });
});

describe('/series/submit and /series/edit/{id}', () => {
  it('requires a title, then submits the post and the series with the chapters in the chosen order', async () => {
    signIn({ id: USER_ID });
    fakeApi.on('GET', LABELS, { body: listOf([]) });
    fakeApi.on('GET', TAGS, { body: listOf([{ id: 't1', name: 'gentle' }]) });
    fakeApi.on('POST', TAGS, (request) => ({ body: { id: 't-new', ...(request.body as object) } }));
    fakeApi.on('GET', MY_STORIES, { body: listOf(twoChapters()) });
    fakeApi.on('POST', POSTS, (request) => ({ body: { id: 'post-new', ...(bodyOf(request) as object) } }));
    fakeApi.on('POST', SERIES, (request) => ({ body: { id: 'se-new', ...(request.body as object) } }));
    const { router } = renderApp('/series/submit');

    await userEvent.click(await screen.findByRole('button', { name: 'Submit Series' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(fakeApi.requestsTo(POSTS, 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), '  Tall Tales  ');
    await userEvent.type(screen.getByRole('textbox', { name: /^Tags/ }), 'gentle, , village');
    const pick = await screen.findByRole('combobox', { name: 'Add one of your stories' });
    await userEvent.selectOptions(pick, 's1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Chapter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move "The Second Step" up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Series' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/series/se-new'));
    expect(bodyOf(fakeApi.requestsTo(POSTS, 'POST')[0]!)).toMatchObject({
      type: 'series',
      title: 'Tall Tales',
      contributors: [USER_ID],
      tags: ['t1', 't-new'],
    });
    expect(fakeApi.requestsTo(SERIES, 'POST')[0]!.body).toEqual({ post: 'post-new', stories: ['s2', 's1'] });
  });

  it('shows the spec’s failure text when the series is refused, and removes the orphaned post', async () => {
    signIn({ id: USER_ID });
    fakeApi.on('GET', LABELS, { body: listOf([]) });
    fakeApi.on('GET', MY_STORIES, { body: listOf([]) });
    fakeApi.on('POST', POSTS, { body: { id: 'post-new' } });
    fakeApi.on('DELETE', `${POSTS}/post-new`, { status: 204 });
    fakeApi.on('POST', SERIES, {
      status: 400,
      body: { status: 400, message: 'Failed to create record.', data: {} },
    });
    renderApp('/series/submit');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Doomed');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Series' }));
    await waitFor(() => expect(flashTexts()).toContain(`error: ${SUBMIT_FAILED_TEXT}`));
    expect(fakeApi.requestsTo(`${POSTS}/post-new`, 'DELETE')).toHaveLength(1);
  });

  it('tells members without a verified email why they cannot submit', async () => {
    signIn({ verified: false });
    renderApp('/series/submit');
    expect(await screen.findByText('Only users with a verified email may post stories.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Series' })).toBeNull();
  });

  it('edits for contributors only: removing a chapter saves the list without it', async () => {
    signIn({ id: AUTHOR_ID });
    fakeApi.on('GET', LABELS, { body: listOf([]) });
    fakeApi.on('GET', TAGS, { body: listOf([{ id: 't1', name: 'gentle' }]) });
    fakeApi.on('GET', MY_STORIES, { body: listOf(twoChapters()) });
    serveSeries(series('se1', 'Giants of the Vale', twoChapters()));
    fakeApi.on('PATCH', `${POSTS}/post-se1`, { body: { id: 'post-se1' } });
    fakeApi.on('PATCH', `${SERIES}/se1`, (request) => ({ body: { id: 'se1', ...(request.body as object) } }));
    const { router } = renderApp('/series/edit/se1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Series' })).toBeTruthy();
    expect((await screen.findByRole('textbox', { name: /^Title/ })).getAttribute('value')).toBe(
      'Giants of the Vale',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove "The First Step"' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Series' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/series/se1'));
    expect(fakeApi.requestsTo(`${SERIES}/se1`, 'PATCH')[0]!.body).toEqual({ stories: ['s2'] });
  });

  it('tells other members that only contributors may edit', async () => {
    signIn();
    serveSeries(series('se1', 'Giants of the Vale', twoChapters()));
    renderApp('/series/edit/se1');
    expect(await screen.findByText('Only the contributors of a series may edit it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Series' })).toBeNull();
  });
});
