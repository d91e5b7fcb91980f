import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, listOf, NOT_FOUND_BODY } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { FAVORITES, LIKES, VIEWS } from './story-fixtures';
import { SERIES, series, story } from './series-fixtures';
import { nextChapterIndex } from '../src/features/reading/series-continue';
import type { ReadProgress } from '../src/features/reading/api/types';

const PROGRESS = '/api/collections/read_progress/records';

const progress = (storyId: string, fields: Record<string, unknown> = {}) => ({
  id: `rp-${storyId}`,
  collectionId: 'pbc_read_progress',
  collectionName: 'read_progress',
  user: USER_ID,
  story: storyId,
  paragraph: 4,
  paragraphs: 10,
  finished: false,
  updated: '2026-03-05 10:00:00.000Z',
  ...fields,
});

function serveReactions() {
  fakeApi.on('GET', VIEWS, { body: listOf([]) });
  fakeApi.on('POST', VIEWS, { body: { id: 'v1' } });
  fakeApi.on('GET', LIKES, { body: listOf([]) });
  fakeApi.on('GET', FAVORITES, { body: listOf([]) });
  fakeApi.on('GET', '/api/collections/comments/records', { body: listOf([], { perPage: 500 }) });
}

describe('where a member goes on in a series', () => {
  const ids = ['a', 'b', 'c', 'd'];
  const read = (entries: Array<[string, boolean]>) =>
    new Map(entries.map(([id, finished]) => [id, { finished } as ReadProgress]));
  it('is the first started chapter, else the first unread one after the last read, else nowhere', () => {
    expect(nextChapterIndex(ids, read([]))).toBeNull();
    expect(
      nextChapterIndex(
        ids,
        read([
          ['a', true],
          ['c', false],
        ]),
      ),
    ).toBe(2);
    expect(
      nextChapterIndex(
        ids,
        read([
          ['a', true],
          ['b', true],
        ]),
      ),
    ).toBe(2);
    expect(nextChapterIndex(ids, read([['c', true]]))).toBe(3);
    expect(nextChapterIndex(ids, read(ids.map((id) => [id, true])))).toBeNull();
  });
});

describe('reading that remembers where you are', () => {
  it('marks each chapter of a series read, started or unread with one request for the member', async () => {
    signIn();
    serveReactions();
    const chapters = [story('s1', 'One'), story('s2', 'Two'), story('s3', 'Three')];
    fakeApi.on('GET', `${SERIES}/se1`, { body: series('se1', 'Marked', chapters) });
    fakeApi.on('GET', PROGRESS, {
      body: listOf([progress('s1', { paragraph: 9, finished: true }), progress('s2')]),
    });
    renderApp('/series/se1');
    const list = await screen.findByRole('list', { name: 'Chapters' });
    const marks = (index: number) => within(within(list).getAllByRole('listitem')[index]!);
    expect(await marks(0).findByText('Read')).toBeTruthy();
    expect(marks(1).getByText('Started')).toBeTruthy();
    expect(marks(2).getByText('Unread')).toBeTruthy();
    // The series page offers to go on with the started chapter, from the same one request.
    expect(screen.getByRole('link', { name: 'Continue reading: Chapter 2' }).getAttribute('href')).toBe(
      '/stories/s2',
    );
    const requests = fakeApi.requestsTo(PROGRESS, 'GET');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.query.get('filter')).toBe(
      `user = "${USER_ID}" && (story = "s1" || story = "s2" || story = "s3")`,
    );
  });

  it('offers to resume an unfinished story the member read before, and nothing for a finished one', async () => {
    signIn();
    serveReactions();
    fakeApi.on('GET', '/api/collections/stories/records/s1', { body: story('s1', 'Halfway') });
    fakeApi.on('GET', PROGRESS, { body: listOf([progress('s1')]) });
    const first = renderApp('/stories/s1');
    const offer = await screen.findByRole('region', { name: 'Resume reading' });
    expect(within(offer).getByText('You have read part of this story before.')).toBeTruthy();
    expect(within(offer).getByRole('button', { name: 'Resume reading' })).toBeTruthy();
    const [request] = fakeApi.requestsTo(PROGRESS, 'GET');
    expect(request!.query.get('filter')).toBe(`user = "${USER_ID}" && story = "s1"`);
    first.unmount();

    fakeApi.on('GET', PROGRESS, { body: listOf([progress('s1', { finished: true })]) });
    renderApp('/stories/s1');
    await screen.findByRole('heading', { level: 1, name: 'Halfway' });
    await waitFor(() => expect(fakeApi.requestsTo(PROGRESS, 'GET')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Resume reading' })).toBeNull();
  });

  it('shows "Continue reading" on the home page for unfinished stories only when there are some', async () => {
    signIn();
    fakeApi.on('GET', '/api/collections/pages/records', { status: 404, body: NOT_FOUND_BODY });
    const withStory = {
      ...progress('s2', { paragraph: 4, paragraphs: 10 }),
      expand: { story: story('s2', 'Two') },
    };
    fakeApi.on('GET', PROGRESS, { body: listOf([withStory]) });
    const first = renderApp('/');
    const section = await screen.findByRole('region', { name: 'Continue reading' });
    expect(within(section).getByRole('link', { name: 'Two' }).getAttribute('href')).toBe('/stories/s2');
    expect(within(section).getByText('About 50% read')).toBeTruthy();
    const query = fakeApi.requestsTo(PROGRESS, 'GET')[0]!.query;
    expect(query.get('filter')).toBe(`user = "${USER_ID}" && finished = false`);
    expect(query.get('sort')).toBe('-updated');
    first.unmount();

    fakeApi.on('GET', PROGRESS, { body: listOf([]) });
    renderApp('/');
    await waitFor(() => expect(fakeApi.requestsTo(PROGRESS, 'GET')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Continue reading' })).toBeNull();
  });
});
