import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pb } from '../src/lib/pocketbase';
import { fakeApi, listOf } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { COMMENTS, FAVORITES, LIKES, STORIES, VIEWS, story } from './story-fixtures';

const BOOK = '/api/epub/stories/s1';

/** Serves story s1 and everything else its page asks for. */
function serveStory() {
  fakeApi.on('GET', `${STORIES}/s1`, { body: story('s1', 'The Lighthouse Keeper') });
  fakeApi.on('GET', VIEWS, { body: listOf([]) });
  fakeApi.on('POST', VIEWS, (request) => ({ body: { id: 'v1', ...(request.body as object) } }));
  fakeApi.on('GET', LIKES, { body: listOf([]) });
  fakeApi.on('GET', FAVORITES, { body: listOf([]) });
  fakeApi.on('GET', COMMENTS, { body: listOf([], { perPage: 500 }) });
}

const RealURL = URL;
/** Object addresses as the browser would give them, without a real blob store. */
class BookURL extends RealURL {
  static override createObjectURL = () => 'blob:book';
  static override revokeObjectURL = () => undefined;
}

describe('/stories/{id}: Download EPUB', () => {
  const clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked.length = 0;
    vi.stubGlobal('URL', BookURL);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.stubGlobal('URL', RealURL);
  });

  it("fetches the book with the member's token and hands it to the browser as a file", async () => {
    signIn();
    serveStory();
    fakeApi.on('GET', BOOK, { body: {} });
    renderApp('/stories/s1');
    await userEvent.click(await screen.findByRole('button', { name: 'Download EPUB' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [request] = fakeApi.requestsTo(BOOK, 'GET');
    expect(request!.headers.get('Authorization')).toBe(pb.authStore.token);
    expect(clicked[0]!.getAttribute('href')).toBe('blob:book');
    expect(clicked[0]!.download).toBe('book.epub');
  });

  it("shows the server's reason as an error flash when the book is refused", async () => {
    signIn();
    serveStory();
    const reason = 'This story is not published yet, so only its authors and moderators can download it.';
    fakeApi.on('GET', BOOK, { status: 403, body: { status: 403, message: reason, data: {} } });
    renderApp('/stories/s1');
    await userEvent.click(await screen.findByRole('button', { name: 'Download EPUB' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(clicked).toHaveLength(0);
  });
});
