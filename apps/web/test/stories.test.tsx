import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { parseTagNames } from '../src/lib/posts/save-post';
import { bodyOf, deferred, fakeApi, isShellBackground, listOf, type FakeReply } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { LIKES, POSTS, STORIES, TAGS, VIEWS, story } from './story-fixtures';

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

const LABELLED = {
  labels: ['l1'],
  expand: {
    contributors: [],
    tags: [],
    labels: [{ id: 'l1', name: 'Giantess', color: '#c2255c', isCategory: false, parent: '', order: 0 }],
  },
};

describe('labels the authors chose', () => {
  it('show on the story card and the story page, each leading to the stories with that label', async () => {
    signIn();
    fakeApi.on('GET', STORIES, { body: listOf([story('s1', 'Tall Tales', LABELLED)], { perPage: 10 }) });
    fakeApi.on('GET', `${STORIES}/s1`, { body: story('s1', 'Tall Tales', LABELLED) });
    renderApp('/stories');
    const onCard = await screen.findByRole('link', { name: 'Giantess' });
    expect(onCard.getAttribute('href')).toBe('/stories/browse?label=l1');
    await userEvent.click(screen.getByRole('link', { name: 'Tall Tales' }));
    await screen.findByRole('heading', { level: 1, name: 'Tall Tales' });
    expect(within(screen.getByLabelText('Labels')).getByRole('link', { name: 'Giantess' })).toBeTruthy();
  });
});

describe('/stories', () => {
  it('lists published stories newest first, 10 per page, with title, author and tags', async () => {
    signIn({ verified: true });
    fakeApi.on('GET', STORIES, {
      body: listOf([story('s1', 'The Lighthouse Keeper'), story('s2', 'Pocket Sized')], { perPage: 10 }),
    });
    renderApp('/stories');
    const link = await screen.findByRole('link', { name: 'The Lighthouse Keeper' });
    expect(link.getAttribute('href')).toBe('/stories/s1');
    expect(screen.getByRole('link', { name: 'Pocket Sized' })).toBeTruthy();
    // Each author's name leads to their profile (issue 47).
    const authors = screen.getAllByRole('link', { name: 'Edda the Tall' });
    expect(authors.map((author) => author.getAttribute('href'))).toEqual([
      '/profiles/edda',
      '/profiles/edda',
    ]);
    expect(authors[0]!.parentElement!.textContent).toBe('by Edda the Tall');
    expect(screen.getByText('About Pocket Sized.')).toBeTruthy();

    const [request] = fakeApi.requestsTo(STORIES);
    expect(Object.fromEntries(request!.query)).toEqual({
      page: '1',
      perPage: '10',
      filter: "post.published != ''",
      sort: '-created',
      expand: 'post,post.contributors,post.contributors.profile,post.tags,post.labels',
      // The member's muted tags and labels are left out by the server (PRODUCT.md §14).
      muted: 'hide',
    });
  });

  it('offers "Manage Your Stories" to members with a verified email only', async () => {
    signIn({ verified: true });
    fakeApi.on('GET', STORIES, { body: listOf([]) });
    renderApp('/stories');
    const manage = await screen.findByRole('link', { name: 'Manage Your Stories' });
    expect(manage.getAttribute('href')).toBe('/stories/manage');
    expect(screen.queryByText('Only users with a verified email may post stories.')).toBeNull();
  });

  it('tells members without a verified email why they cannot post', async () => {
    signIn({ verified: false });
    fakeApi.on('GET', STORIES, { body: listOf([]) });
    renderApp('/stories');
    expect(await screen.findByText(/^Only users with a verified email may post stories\./)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage Your Stories' })).toBeNull();
  });

  it('pages with ?page', async () => {
    signIn();
    fakeApi.on('GET', STORIES, (request) => {
      const page = Number(request.query.get('page'));
      return {
        body: listOf([story(`s${page}`, `Story on page ${page}`)], { page, perPage: 10, totalItems: 25 }),
      };
    });
    const { router } = renderApp('/stories?page=2');
    expect(await screen.findByRole('link', { name: 'Story on page 2' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Story on page 3' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/stories?page=3');
    expect(fakeApi.requestsTo(STORIES).map((r) => r.query.get('page'))).toEqual(['2', '3']);
  });
});

describe('/stories/submit', () => {
  it('is for members with a verified email', async () => {
    signIn({ verified: false });
    renderApp('/stories/submit');
    expect(await screen.findByText('Only users with a verified email may post stories.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Story' })).toBeNull();
  });

  it('requires title and content', async () => {
    signIn({ verified: true });
    renderApp('/stories/submit');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Story' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(fakeApi.requestsTo(POSTS)).toHaveLength(0);
  });

  it('creates unknown tags, the post and the story, then opens the story', async () => {
    signIn({ verified: true });
    fakeApi.on('GET', TAGS, { body: listOf([{ id: 't1', name: 'Giant' }], { perPage: 1000 }) });
    fakeApi.on('POST', TAGS, (request) => ({ body: { id: 'tnew', ...(request.body as object) } }));
    fakeApi.on('POST', POSTS, (request) => ({ body: { id: 'postnew', ...(bodyOf(request) as object) } }));
    fakeApi.on('POST', STORIES, (request) => ({ body: { id: 'storynew', ...(request.body as object) } }));
    const { router } = renderApp('/stories/submit');

    await userEvent.type(await screen.findByLabelText(/^Title/), '  The Big Day ');
    await userEvent.type(screen.getByLabelText(/^Description/), 'A tall tale.');
    await userEvent.type(screen.getByLabelText(/^Tags/), ' giant, , Village ,GIANT');
    await userEvent.type(screen.getByLabelText(/^Content/), '# Chapter 1{enter}She was **tall**.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Story' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/stories/storynew'));
    // The shell's session check (an auth refresh at start) is no part of the submission.
    const writes = fakeApi.requests
      .filter((r) => r.method !== 'GET' && !isShellBackground(r))
      .map((r) => `${r.method} ${r.path} ${JSON.stringify(bodyOf(r))}`);
    // The post goes as form data (spec part 1 §7 "posts: create or update with form data").
    expect(fakeApi.requestsTo(POSTS, 'POST')[0]?.body).toBeInstanceOf(FormData);
    expect(writes).toEqual([
      `POST ${TAGS} {"name":"Village"}`,
      `POST ${POSTS} ${JSON.stringify({
        type: 'story',
        title: 'The Big Day',
        description: 'A tall tale.',
        contributors: [USER_ID],
        labels: [],
        tags: ['t1', 'tnew'],
      })}`,
      `POST ${STORIES} {"post":"postnew","content":"# Chapter 1\\nShe was **tall**."}`,
    ]);
    expect(Object.fromEntries(fakeApi.requestsTo(TAGS, 'GET')[0]!.query)).toMatchObject({
      perPage: '1000',
      sort: 'name',
    });
  });

  it('shows the spec’s failure text, with the server’s reason, when the post is refused', async () => {
    signIn({ verified: true });
    fakeApi.on('POST', POSTS, {
      status: 400,
      body: {
        status: 400,
        message: 'Failed to create record.',
        data: { title: { code: 'validation_max_text_constraint', message: 'Too long.' } },
      },
    });
    renderApp('/stories/submit');
    await userEvent.type(await screen.findByLabelText(/^Title/), 'A title');
    await userEvent.type(screen.getByLabelText(/^Content/), 'Text.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Story' }));
    await waitFor(() =>
      expect(flashTexts()).toEqual([
        'error: Something went wrong while submitting your post. Please try again later.',
        'error: Failed to create record.',
        'error: title: Too long. (validation_max_text_constraint)',
      ]),
    );
  });

  it('turns tag text into names: trimmed, empty entries skipped, each name once', () => {
    expect(parseTagNames(' giant, , Village ,GIANT,')).toEqual(['giant', 'Village']);
    expect(parseTagNames('')).toEqual([]);
  });
});

describe('/stories/{id}', () => {
  function serveStory(body: unknown) {
    fakeApi.on('GET', `${STORIES}/s1`, { body });
    fakeApi.on('GET', VIEWS, { body: listOf([]) });
    fakeApi.on('POST', VIEWS, (request) => ({ body: { id: 'v1', ...(request.body as object) } }));
    fakeApi.on('GET', LIKES, { body: listOf([]) });
  }

  it('renders the markdown with GitHub’s extensions and nothing unsafe', async () => {
    signIn();
    const markdown = [
      '## The Storm',
      '',
      'She was **tall** and ~~small~~ never.',
      '',
      '| Who | Height |',
      '| --- | --- |',
      '| Edda | 30 m |',
      '',
      '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
      '',
      '[a trap](javascript:alert(1)) and [a map](https://example.com/map)',
    ].join('\n');
    serveStory(story('s1', 'The Lighthouse Keeper', {}, markdown));
    renderApp('/stories/s1');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Lighthouse Keeper' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'The Storm' })).toBeTruthy();
    const article = screen.getByRole('article');
    expect(within(article).getByText('tall').tagName).toBe('STRONG');
    expect(within(article).getByText('small').tagName).toBe('DEL');
    expect(within(article).getByRole('table')).toBeTruthy();
    expect(within(article).getByRole('cell', { name: 'Edda' })).toBeTruthy();
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('[onerror]')).toBeNull();
    expect(within(article).getByText('a trap').getAttribute('href')).toBeNull();
    expect(within(article).getByRole('link', { name: 'a map' }).getAttribute('href')).toBe(
      'https://example.com/map',
    );
    expect(fakeApi.requestsTo(`${STORIES}/s1`)[0]?.query.get('expand')).toBe(
      'post,post.contributors,post.contributors.profile,post.tags,post.labels',
    );
    await waitFor(() => expect(document.title).toBe('The Lighthouse Keeper | Size Community'));
  });

  it('says so when the story does not exist', async () => {
    signIn();
    renderApp('/stories/s1');
    expect(await screen.findByText("That story doesn't seem to exist.")).toBeTruthy();
  });

  it('marks a story that is not published yet', async () => {
    signIn();
    serveStory(story('s1', 'Draft', { published: '' }));
    renderApp('/stories/s1');
    expect(await screen.findByText('Not Published')).toBeTruthy();
  });

  it('registers one view per page load and counts it', async () => {
    signIn();
    serveStory(story('s1', 'The Lighthouse Keeper'));
    renderApp('/stories/s1');
    expect(await screen.findByText('11 views')).toBeTruthy();
    const [lookup] = fakeApi.requestsTo(VIEWS, 'GET');
    expect(lookup?.query.get('filter')).toBe(`post = "post-s1" && user = "${USER_ID}"`);
    expect(fakeApi.requestsTo(VIEWS, 'POST').map((r) => r.body)).toEqual([
      { post: 'post-s1', user: USER_ID },
    ]);
  });

  it('does not count a member’s second view of the same post', async () => {
    signIn();
    serveStory(story('s1', 'The Lighthouse Keeper'));
    fakeApi.on('GET', VIEWS, { body: listOf([{ id: 'v0', post: 'post-s1', user: USER_ID }]) });
    renderApp('/stories/s1');
    await screen.findByText('10 views');
    await waitFor(() => expect(fakeApi.requestsTo(VIEWS, 'GET')).toHaveLength(1));
    expect(fakeApi.requestsTo(VIEWS, 'POST')).toHaveLength(0);
    expect(screen.getByText('10 views')).toBeTruthy();
  });

  it('toggles the like: create, then delete, with the count changing at once', async () => {
    signIn();
    serveStory(story('s1', 'The Lighthouse Keeper'));
    const created = deferred<FakeReply>();
    fakeApi.on('POST', LIKES, () => created.promise);
    fakeApi.on('DELETE', `${LIKES}/like1`, { status: 204 });
    renderApp('/stories/s1');

    const like = await screen.findByRole('button', { name: 'Like', pressed: false });
    await waitFor(() => expect(like.hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('3 likes')).toBeTruthy();
    await userEvent.click(like);
    // Before the server answers: already counted.
    expect(await screen.findByText('4 likes')).toBeTruthy();
    created.resolve({ body: { id: 'like1', target: 'post-s1', user: USER_ID } });
    expect(fakeApi.requestsTo(LIKES, 'POST').map((r) => r.body)).toEqual([
      { target: 'post-s1', user: USER_ID },
    ]);

    const liked = await screen.findByRole('button', { name: 'Like', pressed: true });
    await waitFor(() => expect(liked.hasAttribute('disabled')).toBe(false));
    await userEvent.click(liked);
    expect(await screen.findByText('3 likes')).toBeTruthy();
    await waitFor(() => expect(fakeApi.requestsTo(`${LIKES}/like1`, 'DELETE')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Like', pressed: false })).toBeTruthy();
    expect(fakeApi.requestsTo(LIKES, 'GET')[0]?.query.get('filter')).toBe(
      `target = "post-s1" && user = "${USER_ID}"`,
    );
  });

  it('puts the like back when the server refuses it', async () => {
    signIn();
    serveStory(story('s1', 'The Lighthouse Keeper'));
    fakeApi.on('POST', LIKES, { status: 429, body: { status: 429, message: 'Slow down.', data: {} } });
    renderApp('/stories/s1');
    const like = await screen.findByRole('button', { name: 'Like', pressed: false });
    await waitFor(() => expect(like.hasAttribute('disabled')).toBe(false));
    await userEvent.click(like);
    await waitFor(() => expect(flashTexts()).toEqual(['error: Slow down.']));
    expect(await screen.findByText('3 likes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like', pressed: false })).toBeTruthy();
  });
});
