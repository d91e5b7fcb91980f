import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { fakeApi, listOf } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { POSTS } from './story-fixtures';

const ACTIONS = '/api/collections/post_content_actions/records';
/** The queue's own requests (the admin navigation also counts posts). */
const queueRequests = () => fakeApi.requestsTo(POSTS).filter((r) => r.query.has('expand'));
const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

function submitted(id: string, title: string) {
  return {
    id,
    collectionId: 'pbc_posts',
    collectionName: 'posts',
    type: 'story',
    title,
    description: `About ${title}.`,
    contributors: ['author1'],
    attachments: [],
    published: '',
    submitted: '2026-03-01 10:00:00.000Z',
    expand: {
      contributors: [{ id: 'author1', username: 'edda', expand: { profile: { id: 'p1', name: 'Edda' } } }],
      labels: [{ id: 'l1', name: 'Giantess', color: 'grape' }],
      tags: [{ id: 't1', name: 'gentle' }],
      stories_via_post: {
        id: `story-${id}`,
        post: id,
        content: `## Chapter One\n\nIt was a **dark** night.`,
      },
    },
  };
}

/** A queue of the given posts, paged as the request asks. */
function serveQueue(posts: ReturnType<typeof submitted>[]) {
  fakeApi.on('GET', POSTS, (request) => {
    const page = Number(request.query.get('page'));
    const perPage = Number(request.query.get('perPage'));
    const items = posts.slice((page - 1) * perPage, page * perPage);
    return { body: listOf(items, { page, perPage, totalItems: posts.length }) };
  });
}

describe('/admin/content-queue', () => {
  it('reads one submission at a time by default: submitted, unpublished, oldest first', async () => {
    signIn({ roles: ['moderator'] });
    serveQueue([submitted('p1', 'First Light'), submitted('p2', 'Second Wind')]);
    renderApp('/admin/content-queue');

    const entry = await screen.findByRole('article', { name: 'First Light' });
    expect(within(entry).getByText('by Edda · submitted', { exact: false })).toBeTruthy();
    expect(await within(entry).findByRole('heading', { level: 2, name: 'Chapter One' })).toBeTruthy();
    expect(within(entry).getByText('dark').tagName).toBe('STRONG');
    // The labels the author chose are part of what the moderator reviews.
    expect(within(within(entry).getByLabelText('Labels')).getByText('Giantess')).toBeTruthy();
    expect(within(entry).getByRole('link', { name: 'Open the submission' }).getAttribute('href')).toBe(
      '/stories/story-p1',
    );
    expect(screen.queryByRole('article', { name: 'Second Wind' })).toBeNull();
    expect(Object.fromEntries(queueRequests()[0]!.query)).toEqual({
      page: '1',
      perPage: '1',
      filter: 'published = "" && submitted != ""',
      sort: 'created',
      expand: 'contributors,contributors.profile,labels,tags,stories_via_post,series_via_post',
    });
  });

  it('takes page and pageSize from the query', async () => {
    signIn({ roles: ['admin'] });
    serveQueue([submitted('p1', 'One'), submitted('p2', 'Two'), submitted('p3', 'Three')]);
    const { router } = renderApp('/admin/content-queue?page=2&pageSize=2');
    expect(await screen.findByRole('article', { name: 'Three' })).toBeTruthy();
    expect(queueRequests()[0]?.query.get('perPage')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('article', { name: 'One' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/admin/content-queue?pageSize=2');
  });

  it('says "Queue is Empty!" when nothing waits', async () => {
    signIn({ roles: ['moderator'] });
    serveQueue([]);
    renderApp('/admin/content-queue');
    expect(await screen.findByText('Queue is Empty!')).toBeTruthy();
  });

  it('publishes with a post content action, says so and moves on to the next', async () => {
    signIn({ roles: ['moderator'] });
    let waiting = [submitted('p1', 'First Light'), submitted('p2', 'Second Wind')];
    serveQueue(waiting);
    fakeApi.on('POST', ACTIONS, (request) => {
      waiting = waiting.slice(1);
      serveQueue(waiting);
      return { body: { id: 'a1', ...(request.body as object) } };
    });
    renderApp('/admin/content-queue');
    const entry = await screen.findByRole('article', { name: 'First Light' });
    await userEvent.click(within(entry).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('article', { name: 'Second Wind' })).toBeTruthy();
    expect(flashTexts()).toEqual(['success: Post published successfully']);
    expect(fakeApi.requestsTo(ACTIONS, 'POST').map((r) => r.body)).toEqual([
      { user: 'author1', post: 'p1', resolver: USER_ID, action: 'publish', resolution: '' },
    ]);
  });

  it.each([
    ['Reject', 'reject', 'Specify a reason for rejecting the post', 'Post rejected successfully'],
    ['Delete', 'delete', 'Specify a reason for deleting the post', 'Post deleted successfully'],
  ])('%s needs a reason, then records it', async (button, action, missing, done) => {
    signIn({ roles: ['moderator'] });
    serveQueue([submitted('p1', 'First Light')]);
    fakeApi.on('POST', ACTIONS, (request) => {
      serveQueue([]);
      return { body: { id: 'a1', ...(request.body as object) } };
    });
    renderApp('/admin/content-queue');
    const entry = await screen.findByRole('article', { name: 'First Light' });

    await userEvent.click(within(entry).getByRole('button', { name: button }));
    // The message shows at the Reason box, which takes the focus, not in a flash far above it.
    const reason = within(entry).getByRole('textbox', { name: /^Reason/ });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(entry).getByText(missing)).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(flashTexts()).toEqual([]);
    await userEvent.type(reason, '   ');
    await userEvent.click(within(entry).getByRole('button', { name: button }));
    expect(fakeApi.requestsTo(ACTIONS, 'POST')).toHaveLength(0);

    await userEvent.type(
      within(entry).getByRole('textbox', { name: /^Reason/ }),
      'Please add content warnings. ',
    );
    await userEvent.click(within(entry).getByRole('button', { name: button }));
    expect(await screen.findByText('Queue is Empty!')).toBeTruthy();
    expect(flashTexts()).toContain(`success: ${done}`);
    expect(fakeApi.requestsTo(ACTIONS, 'POST').map((r) => r.body)).toEqual([
      { user: 'author1', post: 'p1', resolver: USER_ID, action, resolution: 'Please add content warnings.' },
    ]);
  });

  it('shows the server’s refusal and keeps the submission', async () => {
    signIn({ roles: ['moderator'] });
    serveQueue([submitted('p1', 'First Light')]);
    fakeApi.on('POST', ACTIONS, {
      status: 400,
      body: { status: 400, message: 'Failed to create record.', data: {} },
    });
    renderApp('/admin/content-queue');
    const entry = await screen.findByRole('article', { name: 'First Light' });
    await userEvent.click(within(entry).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(flashTexts()).toEqual(['error: Failed to create record.']));
    expect(screen.getByRole('article', { name: 'First Light' })).toBeTruthy();
  });

  it('steps back when the last page was emptied', async () => {
    signIn({ roles: ['moderator'] });
    serveQueue([submitted('p1', 'One')]);
    const { router } = renderApp('/admin/content-queue?page=3');
    expect(await screen.findByRole('article', { name: 'One' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/admin/content-queue');
  });
});
