import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, listOf, type FakeRequest } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn, signOut } from './session';
import { serveComments } from './comment-fixtures';
import { COMMENTS, LIKES, POSTS, VIEWS, comment } from './story-fixtures';
import { COUNTS, FORUMS, FORUM_POSTS, PAGES, PINNED, forum, thread } from './forum-fixtures';

// jsdom has no `document.fonts`, which Mantine's autosizing textarea (in the report and forum dialogs)
// listens to; browsers all have it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const filterOf = (request: FakeRequest) => request.query.get('filter') ?? '';

/** The open dialog, once it shows this title (dialogs load on first use). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
  await within(dialog).findByText(title);
  return dialog;
}

/** Serves the forum list, the counts and each forum's threads (as many as asked for, newest first). */
function serveForums(threadsPerForum: Record<string, number>) {
  fakeApi.on('GET', FORUMS, {
    body: listOf([
      forum('f1', 'General', 10, '<p>Talk about <em>anything</em>.<script>alert(1)</script></p>'),
      forum('f2', 'Art', 20),
    ]),
  });
  fakeApi.on('GET', COUNTS, {
    body: listOf(
      Object.entries(threadsPerForum)
        .filter(([, n]) => n > 0)
        .map(([id, count]) => ({ id, count })),
    ),
  });
  fakeApi.on('GET', FORUM_POSTS, (request) => {
    const forumId = /forum = "(\w+)"/.exec(filterOf(request))?.[1] ?? '';
    const total = threadsPerForum[forumId] ?? 0;
    const perPage = Number(request.query.get('perPage'));
    const page = Number(request.query.get('page') ?? 1);
    const all = Array.from({ length: total }, (_, i) =>
      thread(`${forumId}t${total - i}`, forumId, `${forumId} thread ${total - i}`),
    );
    return {
      body: listOf(all.slice((page - 1) * perPage, page * perPage), { page, perPage, totalItems: total }),
    };
  });
}

describe('/forums', () => {
  it('lists the forums in their sort order with 4 recent posts, the count and "Show N more posts"', async () => {
    signIn();
    serveForums({ f1: 7, f2: 0 });
    renderApp('/forums');

    expect(await screen.findByRole('heading', { level: 1, name: 'Forums' })).toBeTruthy();
    const general = (await screen.findByRole('heading', { level: 2, name: 'General' })).closest('section')!;
    await within(general).findByText('f1 thread 7');
    expect(within(general).getAllByTestId('thread-row')).toHaveLength(4);
    expect(within(general).getByText('7 posts')).toBeTruthy();
    // Spec part 1 §2: N is the count minus 2.
    expect(within(general).getByRole('link', { name: 'Show 5 more posts' }).getAttribute('href')).toBe(
      '/forums/f1',
    );
    expect(within(general).getByRole('link', { name: 'Submit a new Post' }).getAttribute('href')).toBe(
      '/forums/f1/submit',
    );
    expect(within(general).getByText('anything').tagName).toBe('EM');
    expect(general.querySelector('script')).toBeNull();

    const art = screen.getByRole('heading', { level: 2, name: 'Art' }).closest('section')!;
    expect(await within(art).findByText('No posts yet.')).toBeTruthy();
    expect(within(art).queryByRole('link', { name: /^Show/ })).toBeNull();
    expect(within(art).getByRole('link', { name: 'Submit a new Post' })).toBeTruthy();

    const [forums] = fakeApi.requestsTo(FORUMS, 'GET');
    expect(forums!.query.get('sort')).toBe('sort_order,name');
    const recent = fakeApi.requestsTo(FORUM_POSTS, 'GET').find((r) => filterOf(r).includes('f1'))!;
    expect(Object.fromEntries(recent.query)).toMatchObject({ perPage: '4', sort: '-updated' });
    // Members get no management controls.
    expect(screen.queryByRole('button', { name: 'New Forum' })).toBeNull();
  });

  it('shows an empty state and a load failure', async () => {
    signIn();
    fakeApi.on('GET', FORUMS, { body: listOf([]) });
    fakeApi.on('GET', COUNTS, { body: listOf([]) });
    renderApp('/forums');
    expect(await screen.findByText('There are no forums yet.')).toBeTruthy();
  });

  it('gives admins the forum management: create, move and delete (with the server’s refusal shown)', async () => {
    signIn({ roles: ['admin'] });
    serveForums({ f1: 1, f2: 0 });
    const created: unknown[] = [];
    fakeApi.on('POST', FORUMS, (request) => {
      created.push(request.body);
      return { body: { id: 'f3', ...(request.body as object) } };
    });
    const updates: Array<[string, unknown]> = [];
    for (const id of ['f1', 'f2']) {
      fakeApi.on('PATCH', `${FORUMS}/${id}`, (request) => {
        updates.push([id, request.body]);
        return { body: {} };
      });
    }
    fakeApi.on('DELETE', `${FORUMS}/f1`, {
      status: 400,
      body: {
        status: 400,
        message:
          'This forum still has posts. Move them to another forum or delete them before deleting the forum.',
        data: {},
      },
    });
    renderApp('/forums');

    await userEvent.click(await screen.findByRole('button', { name: 'New Forum' }));
    const dialog = await dialogTitled('New Forum');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Forum' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Roleplay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Forum' }));
    await waitFor(() => expect(created).toEqual([{ name: 'Roleplay', description: '', sort_order: 30 }]));

    const art = screen.getByRole('group', { name: 'Manage Art' });
    await userEvent.click(within(art).getByRole('button', { name: 'Move Up' }));
    await waitFor(() =>
      expect(updates).toEqual([
        ['f2', { sort_order: 10 }],
        ['f1', { sort_order: 20 }],
      ]),
    );

    const general = screen.getByRole('group', { name: 'Manage General' });
    await userEvent.click(within(general).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this forum?')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This forum still has posts. Move them to another forum or delete them before deleting the forum.',
      ),
    ).toBeTruthy();
  });
});

describe('/forums/{forumId}', () => {
  it('pages 45 threads 20/20/5, newest activity first, with pinned ones marked', async () => {
    signIn();
    serveForums({ f1: 45 });
    fakeApi.on('GET', `${FORUMS}/f1`, { body: forum('f1', 'General', 10) });
    const { router } = renderApp('/forums/f1');

    expect(await screen.findByRole('heading', { level: 1, name: 'General' })).toBeTruthy();
    await screen.findByText('f1 thread 45');
    expect(screen.getAllByTestId('thread-row')).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'Submit a new Post' }).getAttribute('href')).toBe(
      '/forums/f1/submit',
    );
    const first = fakeApi.requestsTo(FORUM_POSTS, 'GET')[0]!;
    expect(Object.fromEntries(first.query)).toMatchObject({
      page: '1',
      perPage: '20',
      sort: '-updated',
      filter: 'forum = "f1"',
    });

    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await screen.findByText('f1 thread 5');
    expect(screen.getAllByTestId('thread-row')).toHaveLength(5);
    expect(currentUrl(router)).toBe('/forums/f1?page=3');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('f1 thread 25');
    expect(screen.getAllByTestId('thread-row')).toHaveLength(20);
  });

  it('marks pinned threads and says so when the forum is empty or missing', async () => {
    signIn();
    fakeApi.on('GET', `${FORUMS}/f1`, { body: forum('f1', 'General', 10) });
    fakeApi.on('GET', FORUM_POSTS, {
      body: listOf([thread('t1', 'f1', 'Read me first', { pinned: true })], { perPage: 20 }),
    });
    renderApp('/forums/f1');
    const row = (await screen.findByText('Read me first')).closest('li')!;
    expect(within(row).getByText('Pinned')).toBeTruthy();
  });

  it('says when the forum does not exist', async () => {
    signIn();
    renderApp('/forums/nope');
    expect(await screen.findByText("That forum doesn't seem to exist.")).toBeTruthy();
  });
});

describe('/forums/{forumId}/submit', () => {
  it('requires title and content, sends the post with its files, then the thread, and opens it', async () => {
    signIn({ id: 'me' });
    fakeApi.on('GET', `${FORUMS}/f1`, { body: forum('f1', 'General', 10) });
    let postBody: FormData | undefined;
    fakeApi.on('POST', POSTS, (request) => {
      postBody = request.body as FormData;
      return { body: { id: 'newpost' } };
    });
    const threads: unknown[] = [];
    fakeApi.on('POST', FORUM_POSTS, (request) => {
      threads.push(request.body);
      return { body: { id: 'newthread' } };
    });
    const { router } = renderApp('/forums/f1/submit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Submit a new Post' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Post' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Hello giants');
    await userEvent.type(screen.getByRole('textbox', { name: /^Content/ }), 'First **post**');
    const file = new File(['png'], 'hand.png', { type: 'image/png' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Post' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/forums/f1/posts/newthread'));
    expect(JSON.parse(postBody!.get('@jsonPayload') as string)).toEqual({
      type: 'forum-post',
      title: 'Hello giants',
      contributors: ['me'],
    });
    expect((postBody!.get('attachments') as File).name).toBe('hand.png');
    expect(threads).toEqual([{ post: 'newpost', forum: 'f1', content: 'First **post**' }]);
  });

  it('edits one’s own thread in the same form (?edit=), and offers nothing for someone else’s', async () => {
    signIn({ id: 'author1' });
    fakeApi.on('GET', `${FORUMS}/f1`, { body: forum('f1', 'General', 10) });
    fakeApi.on('GET', `${FORUM_POSTS}/t1`, {
      body: thread('t1', 'f1', 'Old title', { content: 'Old body' }, { attachments: ['old_abcdefghij.png'] }),
    });
    const patches: Array<[string, unknown]> = [];
    fakeApi.on('PATCH', `${POSTS}/post-t1`, (request) => {
      const body = request.body as FormData;
      patches.push(['post', JSON.parse(body.get('@jsonPayload') as string)]);
      return { body: {} };
    });
    fakeApi.on('PATCH', `${FORUM_POSTS}/t1`, (request) => {
      patches.push(['thread', request.body]);
      return { body: {} };
    });
    const { router } = renderApp('/forums/f1/submit?edit=t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Post' })).toBeTruthy();
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.value).toBe('Old title');
    await userEvent.clear(title);
    await userEvent.type(title, 'New title');
    await userEvent.click(screen.getByRole('checkbox', { name: 'old_abcdefghij.png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Post' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/forums/f1/posts/t1'));
    expect(patches).toEqual([
      ['post', { title: 'New title', 'attachments-': ['old_abcdefghij.png'] }],
      ['thread', { content: 'Old body' }],
    ]);
  });

  it('does not offer someone else’s thread for editing', async () => {
    signIn({ id: 'stranger' });
    fakeApi.on('GET', `${FORUMS}/f1`, { body: forum('f1', 'General', 10) });
    fakeApi.on('GET', `${FORUM_POSTS}/t1`, { body: thread('t1', 'f1', 'Not mine') });
    renderApp('/forums/f1/submit?edit=t1');
    expect(await screen.findByText('Only the authors of a post may edit it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Post' })).toBeNull();
  });

  it('shows the spec’s failure text and keeps what was typed', async () => {
    signIn();
    fakeApi.on('GET', `${FORUMS}/f1`, { body: forum('f1', 'General', 10) });
    fakeApi.on('POST', POSTS, { status: 500, body: { status: 500, message: '', data: {} } });
    renderApp('/forums/f1/submit');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Hello');
    await userEvent.type(screen.getByRole('textbox', { name: /^Content/ }), 'Body');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Post' }));
    expect(
      await screen.findByText('Something went wrong while submitting your post. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Hello');
  });
});

/** Serves thread t1 in forum f1 and what its page asks for. */
function serveThread(
  fields: Record<string, unknown> = {},
  post: Record<string, unknown> = {},
  comments: unknown[] = [],
) {
  fakeApi.on('GET', `${FORUM_POSTS}/t1`, { body: thread('t1', 'f1', 'Hello giants', fields, post) });
  fakeApi.on('GET', VIEWS, { body: listOf([]) });
  fakeApi.on('POST', VIEWS, { body: { id: 'v1' } });
  fakeApi.on('GET', LIKES, { body: listOf([]) });
  serveComments(comments as Parameters<typeof serveComments>[0]);
}

describe('/forums/{forumId}/posts/{postId}', () => {
  it('shows the author, date, likes and views (once), the body with attachment images, and no favorites', async () => {
    signIn({ id: 'reader' });
    serveThread({ content: 'Look: ![sketch](sketch.png)' }, { attachments: ['sketch_abcdefghij.png'] });
    renderApp('/forums/f1/posts/t1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello giants' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edda the Tall' }).getAttribute('href')).toBe('/profiles/edda');
    expect(screen.getByTestId('like-count').textContent).toBe('2 likes');
    await waitFor(() => expect(screen.getByTestId('view-count').textContent).toBe('8 views'));
    expect(fakeApi.requestsTo(VIEWS, 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Favorite' })).toBeNull();
    const article = screen.getByRole('article', { name: 'Hello giants' });
    const [image] = await within(article).findAllByRole('img', { name: 'sketch' }, { timeout: 5000 });
    expect(image!.getAttribute('src')).toContain('/api/files/pbc_posts/post-t1/sketch_abcdefghij.png');
    // Not the author, not a moderator: Report only.
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pin' })).toBeNull();
    expect(screen.queryByText(/Forum Post ID/)).toBeNull();
  });

  it('lets the author delete after the spec’s question', async () => {
    signIn({ id: 'author1' });
    serveThread();
    fakeApi.on('DELETE', `${POSTS}/post-t1`, { status: 204 });
    fakeApi.on('GET', `${FORUMS}/f1`, { body: forum('f1', 'General', 10) });
    fakeApi.on('GET', FORUM_POSTS, { body: listOf([], { perPage: 20 }) });
    const { router } = renderApp('/forums/f1/posts/t1');
    expect((await screen.findByRole('link', { name: 'Edit' })).getAttribute('href')).toBe(
      '/forums/f1/submit?edit=t1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this post?')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/forums/f1'));
  });

  it('lets moderators pin and see internal ids', async () => {
    signIn({ id: 'mod', roles: ['moderator'] });
    serveThread();
    const patches: unknown[] = [];
    fakeApi.on('PATCH', `${FORUM_POSTS}/t1`, (request) => {
      patches.push(request.body);
      return { body: thread('t1', 'f1', 'Hello giants', { pinned: true }) };
    });
    renderApp('/forums/f1/posts/t1');
    expect(await screen.findByText('Forum Post ID: t1 · Post ID: post-t1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pin' }));
    expect(await screen.findByRole('button', { name: 'Unpin' })).toBeTruthy();
    expect(patches).toEqual([{ pinned: true }]);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('reports the post and a comment through the shared dialog', async () => {
    signIn({ id: 'reader' });
    serveThread({}, {}, [comment('c1', 'Rude words', { target: 'post-t1', author: 'other' })]);
    const reports: unknown[] = [];
    fakeApi.on('POST', '/api/collections/reports/records', (request) => {
      reports.push(request.body);
      return { body: { id: 'r1' } };
    });
    renderApp('/forums/f1/posts/t1');
    const commentItem = await screen.findByRole('article', { name: 'Comment by Name of other' });
    await userEvent.click(within(commentItem).getByRole('button', { name: 'Report' }));
    const dialog = await dialogTitled('Report Comment');
    expect(within(dialog).getByText('Why are you reporting this comment?')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Insults');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Report sent successfully.')).toBeTruthy();
    expect(reports).toEqual([{ user: 'reader', reason: 'Insults', comment: 'c1' }]);

    await userEvent.click(screen.getAllByRole('button', { name: 'Report' })[0]!);
    const postDialog = await dialogTitled('Report Post');
    expect(within(postDialog).getByText('Why are you reporting this post?')).toBeTruthy();
  });

  it('pages the comments 20 top-level ones at a time', async () => {
    signIn();
    const many = Array.from({ length: 25 }, (_, i) =>
      comment(`c${i + 1}`, `Comment number ${i + 1}`, { target: 'post-t1' }),
    );
    serveThread({}, {}, many);
    const { router } = renderApp('/forums/f1/posts/t1');
    await screen.findByText('Comment number 1', {}, { timeout: 5000 });
    expect(screen.queryByText('Comment number 21')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Comment number 21');
    expect(screen.queryByText('Comment number 1')).toBeNull();
    expect(currentUrl(router)).toBe('/forums/f1/posts/t1?page=2');
  });

  it('turns to the last page after a new comment, where it lands', async () => {
    signIn({ id: 'reader' });
    const many = Array.from({ length: 20 }, (_, i) =>
      comment(`c${i + 1}`, `Comment number ${i + 1}`, { target: 'post-t1' }),
    );
    serveThread({}, {}, many);
    fakeApi.on('POST', COMMENTS, () => {
      many.push(comment('c21', 'My new comment', { target: 'post-t1', author: 'reader' }));
      return { body: many.at(-1) };
    });
    const { router } = renderApp('/forums/f1/posts/t1');
    await screen.findByText('Comment number 1', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: '2' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /^Comment/ }), 'My new comment');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/forums/f1/posts/t1?page=2'), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByText('Comment number 1')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Comments' })).getByText('My new comment')).toBeTruthy();
  });

  it('says when the thread does not exist', async () => {
    signIn();
    renderApp('/forums/f1/posts/nope');
    expect(await screen.findByText("That post doesn't seem to exist.")).toBeTruthy();
  });
});

describe('/ (home)', () => {
  const home = { id: 'home', slug: 'home', title: 'Welcome', content: '<p>Hello.</p>' };

  it('shows members the pinned threads, oldest first, above the page content', async () => {
    signIn();
    fakeApi.on('GET', PAGES, { body: listOf([home]) });
    fakeApi.on('GET', PINNED, {
      body: listOf(
        [
          {
            id: 't1',
            forum: 'f1',
            post: 'p1',
            created: '2026-01-01 00:00:00.000Z',
            expand: { post: thread('t1', 'f1', 'House rules').expand.post, forum: forum('f1', 'General', 1) },
          },
          {
            id: 't2',
            forum: 'f1',
            post: 'p2',
            created: '2026-02-01 00:00:00.000Z',
            expand: { post: thread('t2', 'f1', 'Events').expand.post },
          },
        ],
        { perPage: 10000 },
      ),
    });
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Pinned Threads' });
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['House rules', 'Events']);
    expect(links[0]!.getAttribute('href')).toBe('/forums/f1/posts/t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    const [request] = fakeApi.requestsTo(PINNED, 'GET');
    expect(Object.fromEntries(request!.query)).toMatchObject({ perPage: '10000', sort: '+created' });
  });

  it('shows visitors the page content alone', async () => {
    signOut();
    fakeApi.on('GET', PAGES, { body: listOf([home]) });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pinned Threads' })).toBeNull();
    expect(fakeApi.requestsTo(PINNED)).toHaveLength(0);
  });
});
