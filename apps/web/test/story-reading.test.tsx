import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMMENT_FORM_DELAY_MS } from '../src/features/comments/api/save-comment';
import { attachmentImageUrl } from '../src/lib/attachments';
import { serveComments } from './comment-fixtures';
import { deferred, fakeApi, listOf, type FakeReply } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import {
  AUTHOR_ID,
  COMMENTS,
  FAVORITES,
  LIKES,
  POSTS,
  SERIES,
  STORIES,
  VIEWS,
  comment,
  story,
} from './story-fixtures';

type StoryBody = ReturnType<typeof story>;

/** Serves story s1 and everything its page asks for; comments as given. */
function serveStory(body: StoryBody, comments: unknown[] = []) {
  fakeApi.on('GET', `${STORIES}/s1`, { body });
  fakeApi.on('GET', VIEWS, { body: listOf([]) });
  fakeApi.on('POST', VIEWS, (request) => ({ body: { id: 'v1', ...(request.body as object) } }));
  fakeApi.on('GET', LIKES, { body: listOf([]) });
  fakeApi.on('GET', FAVORITES, { body: listOf([]) });
  serveComments(comments as Parameters<typeof serveComments>[0]);
}

const form = (request: { body: unknown }) =>
  Object.fromEntries((request.body as FormData).entries()) as Record<string, string>;

describe('/stories/{id}: "Show markdown source"', () => {
  it('shows the story and its comments as their writers typed them when on', async () => {
    signIn({ settings: { theme: 'auto', show_markdown_source: true } });
    serveStory(story('s1', 'Source Shown', {}, 'A **bold** giant.'), [comment('c1', 'So _tiny_!')]);
    renderApp('/stories/s1');
    expect(await screen.findByText('A **bold** giant.')).toBeTruthy();
    expect(await screen.findByText('So _tiny_!')).toBeTruthy();
    expect(document.querySelector('strong')).toBeNull();
  });

  it('renders the formatting for a reader who keeps it off', async () => {
    signIn({ settings: { theme: 'auto', show_markdown_source: false } });
    serveStory(story('s1', 'Source Hidden', {}, 'A **bold** giant.'));
    renderApp('/stories/s1');
    expect((await screen.findByText('bold')).tagName).toBe('STRONG');
    expect(screen.queryByText('A **bold** giant.')).toBeNull();
  });
});

describe('/stories/{id}: comments', () => {
  it('reads the thread by target and type, oldest first, with replies under their comment', async () => {
    signIn();
    serveStory(story('s1', 'The Lighthouse Keeper'), [
      comment('c1', 'First!'),
      comment('c2', 'A reply to the first.', { reply: 'c1', author: 'reader2' }),
      comment('c3', 'Second thought.'),
    ]);
    renderApp('/stories/s1');

    expect(await screen.findAllByRole('article', { name: 'Comment by Name of reader1' })).toHaveLength(2);
    await screen.findByText('A reply to the first.');
    const thread = screen.getByRole('list', { name: 'Comments' });
    const topLevel = within(thread)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === thread);
    expect(topLevel.map((item) => item.id)).toEqual(['comment-c1', 'comment-c3']);
    const replies = within(document.getElementById('comment-c1')!).getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('A reply to the first.')).toBeTruthy();

    // A page of top-level comments, then every reply under them by their root.
    const [pageRead, repliesRead] = fakeApi.requestsTo(COMMENTS, 'GET');
    expect(Object.fromEntries(pageRead!.query)).toMatchObject({
      filter: 'target = "post-s1" && target.type = "story" && reply = ""',
      sort: 'created,id',
      expand: 'author,author.profile',
      page: '1',
      perPage: '20',
    });
    expect(Object.fromEntries(repliesRead!.query)).toMatchObject({
      filter: 'root = "c1" || root = "c3"',
      sort: 'created,id',
      expand: 'author,author.profile',
      perPage: '500',
    });
  });

  it('shows 20 top-level comments to a page, each with every reply under it, at any depth', async () => {
    signIn();
    const thread = Array.from({ length: 23 }, (_, i) => comment(`c${i + 1}`, `Comment number ${i + 1}`));
    thread.push(comment('r1', 'A reply to number 2.', { reply: 'c2' }));
    thread.push(comment('r2', 'A reply to that reply.', { reply: 'r1' }));
    thread.push(comment('r3', 'A reply to number 22.', { reply: 'c22' }));
    serveStory(story('s1', 'The Lighthouse Keeper'), thread);
    const { router } = renderApp('/stories/s1');

    await screen.findByText('Comment number 20');
    expect(screen.queryByText('Comment number 21')).toBeNull();
    const nested = within(document.getElementById('comment-r1')!).getByRole('list', { name: 'Replies' });
    expect(within(nested).getByText('A reply to that reply.')).toBeTruthy();
    expect(screen.queryByText('A reply to number 22.')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('A reply to number 22.');
    expect(screen.queryByText('Comment number 1')).toBeNull();
    expect(currentUrl(router)).toBe('/stories/s1?page=2');
  });

  it('opens the page holding a comment a notification links to, replies included', async () => {
    signIn();
    const thread = Array.from({ length: 25 }, (_, i) => comment(`c${i + 1}`, `Comment number ${i + 1}`));
    thread.push(comment('r1', 'The reply the bell was about.', { reply: 'c23' }));
    serveStory(story('s1', 'The Lighthouse Keeper'), thread);
    renderApp('/stories/s1#comment-r1');

    await screen.findByText('The reply the bell was about.');
    expect(screen.getByText('Comment number 21')).toBeTruthy();
    expect(screen.queryByText('Comment number 1')).toBeNull();
  });

  it('says a page past the end is past the end, and offers the last one', async () => {
    signIn();
    serveStory(
      story('s1', 'The Lighthouse Keeper'),
      Array.from({ length: 21 }, (_, i) => comment(`c${i + 1}`, `Comment number ${i + 1}`)),
    );
    const { router } = renderApp('/stories/s1?page=9');
    expect(await screen.findByText('There is no page 9: this list ends at page 2.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await screen.findByText('Comment number 21');
    expect(currentUrl(router)).toBe('/stories/s1?page=2');
  });

  it('posts a comment as multipart, stays busy for the 500 ms pause, then clears the form', async () => {
    signIn();
    serveStory(story('s1', 'The Lighthouse Keeper'));
    const saved = deferred<FakeReply>();
    fakeApi.on('POST', COMMENTS, () => saved.promise);
    const { router } = renderApp('/stories/s1');

    const box = await screen.findByRole('textbox', { name: /^Comment/ });
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comment is required')).toBeTruthy();
    expect(fakeApi.requestsTo(COMMENTS, 'POST')).toHaveLength(0);

    await userEvent.type(box, 'What a **storm**.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(fakeApi.requestsTo(COMMENTS, 'POST')).toHaveLength(1));
    expect(form(fakeApi.requestsTo(COMMENTS, 'POST')[0]!)).toEqual({
      target: 'post-s1',
      author: USER_ID,
      content: 'What a **storm**.',
      reply: '',
      created: '',
      updated: '',
    });

    const answeredAt = Date.now();
    saved.resolve({ body: comment('c9', 'What a **storm**.', { author: USER_ID }) });
    // The thread reloads, and the form keeps its text and stays busy until the pause is over.
    await waitFor(() => expect(fakeApi.requestsTo(COMMENTS, 'GET')).toHaveLength(2));
    expect((box as HTMLTextAreaElement).value).toBe('What a **storm**.');
    expect(box.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(COMMENT_FORM_DELAY_MS - 20);
    expect(box.hasAttribute('disabled')).toBe(false);
    // The new comment is on the page on show: the address (and with it the focus) stays.
    expect(currentUrl(router)).toBe('/stories/s1');
  });

  it('replies to a comment, edits one’s own and deletes after the spec’s question', async () => {
    signIn();
    serveStory(story('s1', 'The Lighthouse Keeper'), [
      comment('c1', 'Lovely.', { author: 'reader2' }),
      comment('c2', 'Mine.', { author: USER_ID }),
    ]);
    fakeApi.on('POST', COMMENTS, (request) => ({ body: comment('c3', form(request).content!) }));
    fakeApi.on('PATCH', `${COMMENTS}/c2`, (request) => ({
      body: comment('c2', form(request).content!),
    }));
    fakeApi.on('DELETE', `${COMMENTS}/c2`, { status: 204 });
    renderApp('/stories/s1');

    const theirs = await screen.findByRole('article', { name: 'Comment by Name of reader2' });
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(theirs).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(theirs).getByRole('textbox', { name: /^Reply/ }), 'Thank you!');
    await userEvent.click(within(theirs).getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(fakeApi.requestsTo(COMMENTS, 'POST')).toHaveLength(1));
    expect(form(fakeApi.requestsTo(COMMENTS, 'POST')[0]!)).toMatchObject({
      reply: 'c1',
      content: 'Thank you!',
    });

    const mine = screen.getByRole('article', { name: `Comment by Name of ${USER_ID}` });
    await userEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    const editBox = within(mine).getByRole('textbox', { name: /^Edit comment/ });
    expect((editBox as HTMLTextAreaElement).value).toBe('Mine.');
    await userEvent.type(editBox, ' Edited.');
    await userEvent.click(within(mine).getByRole('button', { name: 'Save Comment' }));
    await waitFor(() => expect(fakeApi.requestsTo(`${COMMENTS}/c2`, 'PATCH')).toHaveLength(1));
    expect(form(fakeApi.requestsTo(`${COMMENTS}/c2`, 'PATCH')[0]!)).toEqual({
      target: 'post-s1',
      author: USER_ID,
      content: 'Mine. Edited.',
      reply: '',
      created: '2026-03-03 10:00:00.000Z',
      updated: '2026-03-03 10:00:00.000Z',
    });

    await waitFor(() => expect(within(mine).getByRole('button', { name: 'Delete' })).toBeTruthy());
    await userEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this comment?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fakeApi.requestsTo(`${COMMENTS}/c2`, 'DELETE')).toHaveLength(0);

    await userEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fakeApi.requestsTo(`${COMMENTS}/c2`, 'DELETE')).toHaveLength(1));
  });

  it('lets the story’s contributors and moderators delete others’ comments, but not edit them', async () => {
    for (const [who, roles] of [
      [AUTHOR_ID, []],
      ['mod1', ['moderator']],
    ] as const) {
      signIn({ id: who, roles: [...roles] });
      serveStory(story('s1', 'The Lighthouse Keeper'), [comment('c1', 'Rude words.', { author: 'reader2' })]);
      const view = renderApp('/stories/s1');
      const theirs = await screen.findByRole('article', { name: 'Comment by Name of reader2' });
      expect(within(theirs).getByRole('button', { name: 'Delete' })).toBeTruthy();
      expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
      view.unmount();
    }
  });

  it('has no comment form while the story is not published', async () => {
    signIn({ id: AUTHOR_ID });
    serveStory(story('s1', 'Draft', { published: '' }));
    renderApp('/stories/s1');
    expect(await screen.findByText('Not Published')).toBeTruthy();
    expect(await screen.findByText('Comments open once this is published.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Comment' })).toBeNull();
  });

  it('shows internal ids to testers only', async () => {
    signIn({ roles: ['tester'] });
    serveStory(story('s1', 'The Lighthouse Keeper'), [comment('c1', 'Hello.')]);
    const view = renderApp('/stories/s1');
    expect(await screen.findByText('ID: c1')).toBeTruthy();
    expect(screen.getByText('Story ID: s1 · Post ID: post-s1')).toBeTruthy();
    view.unmount();

    signIn({ roles: [] });
    serveStory(story('s1', 'The Lighthouse Keeper'), [comment('c1', 'Hello.')]);
    renderApp('/stories/s1');
    await screen.findByText('Hello.');
    expect(screen.queryByText('ID: c1')).toBeNull();
  });
});

describe('/stories/{id}: favorites, actions and chapters', () => {
  it('toggles the favorite with its count, recording what kind of post it is', async () => {
    signIn();
    serveStory(story('s1', 'The Lighthouse Keeper'));
    fakeApi.on('POST', FAVORITES, (request) => ({ body: { id: 'f1', ...(request.body as object) } }));
    fakeApi.on('DELETE', `${FAVORITES}/f1`, { status: 204 });
    renderApp('/stories/s1');

    const favorite = await screen.findByRole('button', { name: 'Favorite', pressed: false });
    await waitFor(() => expect(favorite.hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('1 favorite')).toBeTruthy();
    await userEvent.click(favorite);
    expect(await screen.findByText('2 favorites')).toBeTruthy();
    expect(fakeApi.requestsTo(FAVORITES, 'POST').map((r) => r.body)).toEqual([
      { target: 'post-s1', user: USER_ID, type: 'story' },
    ]);
    const on = await screen.findByRole('button', { name: 'Favorite', pressed: true });
    await waitFor(() => expect(on.hasAttribute('disabled')).toBe(false));
    await userEvent.click(on);
    expect(await screen.findByText('1 favorite')).toBeTruthy();
    await waitFor(() => expect(fakeApi.requestsTo(`${FAVORITES}/f1`, 'DELETE')).toHaveLength(1));
    expect(fakeApi.requestsTo(FAVORITES, 'GET')[0]?.query.get('filter')).toBe(
      `target = "post-s1" && user = "${USER_ID}"`,
    );
  });

  it('offers Edit to contributors, Delete to contributors and moderators, neither to others', async () => {
    const cases = [
      { id: AUTHOR_ID, roles: [], edit: true, remove: true },
      { id: 'mod1', roles: ['moderator'], edit: false, remove: true },
      { id: 'admin1', roles: ['admin'], edit: false, remove: true },
      { id: 'reader1', roles: ['tester'], edit: false, remove: false },
    ] as const;
    for (const { id, roles, edit, remove } of cases) {
      signIn({ id, roles: [...roles] });
      serveStory(story('s1', 'The Lighthouse Keeper'));
      const view = renderApp('/stories/s1');
      const article = await screen.findByRole('article', { name: 'The Lighthouse Keeper' });
      const editLink = within(article).queryByRole('link', { name: 'Edit' });
      expect(Boolean(editLink), `${id} edit`).toBe(edit);
      if (editLink) expect(editLink.getAttribute('href')).toBe('/stories/edit/s1');
      expect(Boolean(within(article).queryByRole('button', { name: 'Delete' })), `${id} delete`).toBe(remove);
      view.unmount();
    }
  });

  it('deletes the story’s post after the spec’s question and goes to the member’s stories', async () => {
    signIn({ id: AUTHOR_ID });
    serveStory(story('s1', 'The Lighthouse Keeper'));
    fakeApi.on('DELETE', `${POSTS}/post-s1`, { status: 204 });
    const { router } = renderApp('/stories/s1');
    const article = await screen.findByRole('article', { name: 'The Lighthouse Keeper' });
    await userEvent.click(within(article).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this story?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/stories/manage'));
    expect(fakeApi.requestsTo(`${POSTS}/post-s1`, 'DELETE')).toHaveLength(1);
  });

  it('links the previous and next chapters of its series, skipping chapters the reader cannot see', async () => {
    signIn();
    serveStory(story('s1', 'Chapter Two', {}, 'Text.', { series: 'se1' }));
    fakeApi.on('GET', `${SERIES}/se1`, {
      body: {
        id: 'se1',
        post: 'post-se1',
        stories: ['s0', 's1', 'hidden', 's2'],
        expand: { stories: [{ id: 's0' }, { id: 's1' }, { id: 's2' }] },
      },
    });
    renderApp('/stories/s1');
    const chapters = await screen.findByRole('navigation', { name: 'Chapters' });
    expect(within(chapters).getByRole('link', { name: 'Previous Chapter' }).getAttribute('href')).toBe(
      '/stories/s0',
    );
    expect(within(chapters).getByRole('link', { name: 'Next Chapter' }).getAttribute('href')).toBe(
      '/stories/s2',
    );
    expect(fakeApi.requestsTo(`${SERIES}/se1`)[0]?.query.get('expand')).toBe('stories');
  });

  it('shows no chapter links for a story outside a series', async () => {
    signIn();
    serveStory(story('s1', 'One Shot'));
    renderApp('/stories/s1');
    await screen.findByRole('article', { name: 'One Shot' });
    await screen.findByText('Once upon a time.');
    expect(screen.queryByRole('navigation', { name: 'Chapters' })).toBeNull();
    expect(fakeApi.requestsTo(SERIES)).toHaveLength(0);
  });

  it('shows attachment images in place of markdown images that name them', async () => {
    signIn();
    const markdown =
      '![the map](map.png) ![outside](https://example.com/x.png) ![gone](http://example.com/y.png)';
    serveStory(
      story('s1', 'Maps', { attachments: ['map_a1b2c3d4e5.png', 'notes_q1w2e3r4t5.txt'] }, markdown),
    );
    renderApp('/stories/s1');
    const map = await screen.findByRole('img', { name: 'the map' });
    expect(map.getAttribute('src')).toBe(
      'http://localhost:3000/api/files/pbc_posts/post-s1/map_a1b2c3d4e5.png',
    );
    expect(screen.getByRole('img', { name: 'outside' }).getAttribute('src')).toBe(
      'https://example.com/x.png',
    );
    expect(screen.getByRole('img', { name: 'gone' }).getAttribute('src')).toBe('http://example.com/y.png');
    const attachments = screen.getByRole('region', { name: 'Attachments' });
    expect(within(attachments).getByRole('link', { name: 'notes_q1w2e3r4t5.txt' })).toBeTruthy();
    // The map is already in the text: the list below does not show it a second time.
    expect(within(attachments).queryByRole('img')).toBeNull();
    expect(screen.getAllByRole('img', { name: /map/ })).toHaveLength(1);
  });
});

describe('attachmentImageUrl', () => {
  const owner = { id: 'p1', collectionId: 'pbc_posts', collectionName: 'posts' };
  const files = ['my_photo_a1b2c3d4e5.jpg', 'map_0000000000.png'];

  it('matches the stored name, or the name as uploaded in any case and spacing', () => {
    expect(attachmentImageUrl('map_0000000000.png', owner, files)).toBe(
      'http://localhost:3000/api/files/pbc_posts/p1/map_0000000000.png',
    );
    expect(attachmentImageUrl('My Photo.JPG', owner, files)).toBe(
      'http://localhost:3000/api/files/pbc_posts/p1/my_photo_a1b2c3d4e5.jpg',
    );
    expect(attachmentImageUrl('./images/myPhoto.jpg', owner, files)).toBe(
      'http://localhost:3000/api/files/pbc_posts/p1/my_photo_a1b2c3d4e5.jpg',
    );
  });

  it('leaves https addresses and names without an attachment alone', () => {
    expect(attachmentImageUrl('https://example.com/map.png', owner, files)).toBe(
      'https://example.com/map.png',
    );
    expect(attachmentImageUrl('other.png', owner, files)).toBe('other.png');
    expect(attachmentImageUrl('map.png', owner, [])).toBe('map.png');
  });
});
