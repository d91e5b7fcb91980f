import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { fakeApi, listOf } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { AUTHOR_ID, LABELS, POSTS, STORIES, TAGS, story } from './story-fixtures';

const DRAFTS = '/api/collections/drafts/records';
const REVISIONS = '/api/collections/post_revisions/records';

function serveTaxonomy() {
  fakeApi.on('GET', LABELS, { body: listOf([], { perPage: 1000 }) });
  fakeApi.on('GET', TAGS, { body: listOf([{ id: 't1', name: 'gentle' }], { perPage: 1000 }) });
}

function draft(data: Record<string, unknown>, fields: Record<string, unknown> = {}) {
  return {
    id: 'draft1',
    collectionId: 'pbc_drafts',
    collectionName: 'drafts',
    user: USER_ID,
    type: 'story',
    post: '',
    data,
    created: '2026-03-01 10:00:00.000Z',
    updated: '2026-03-01 10:05:00.000Z',
    ...fields,
  };
}

describe('story drafts', () => {
  it('saves what the member types into their draft a moment after they stop, and says so', async () => {
    signIn({ verified: true });
    serveTaxonomy();
    fakeApi.on('GET', DRAFTS, { body: listOf([]) });
    fakeApi.on('POST', DRAFTS, (request) => ({ body: draft(request.body as Record<string, unknown>) }));
    fakeApi.on('PATCH', `${DRAFTS}/draft1`, (request) => ({
      body: draft(request.body as Record<string, unknown>),
    }));
    renderApp('/stories/submit');

    await userEvent.type(await screen.findByLabelText(/^Title/), 'Maps');
    await userEvent.type(screen.getByLabelText(/^Content/), 'The giant');
    expect(await screen.findByText('Draft saved', {}, { timeout: 4000 })).toBeTruthy();
    const created = fakeApi.requestsTo(DRAFTS, 'POST');
    // Debounced: one draft for the whole burst of typing, never one per key.
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toEqual({
      user: USER_ID,
      type: 'story',
      post: '',
      data: {
        title: 'Maps',
        description: '',
        labels: [],
        tags: '',
        sizes: { larger_size: '', smaller_size: '', size_change: '' },
        content: 'The giant',
        publishAt: '',
      },
    });
    expect(Object.fromEntries(fakeApi.requestsTo(DRAFTS, 'GET')[0]!.query)).toMatchObject({
      filter: `user = "${USER_ID}" && type = "story" && post = ""`,
    });

    // Typing on updates the same draft.
    await userEvent.type(screen.getByLabelText(/^Content/), ' woke.');
    await waitFor(() => expect(fakeApi.requestsTo(`${DRAFTS}/draft1`, 'PATCH')).toHaveLength(1), {
      timeout: 4000,
    });
    expect(fakeApi.requestsTo(`${DRAFTS}/draft1`, 'PATCH')[0]!.body).toMatchObject({
      data: { content: 'The giant woke.' },
    });
  });

  it('opens with the member’s draft, and Discard draft removes it and empties the form', async () => {
    signIn({ verified: true });
    serveTaxonomy();
    fakeApi.on('GET', DRAFTS, { body: listOf([draft({ title: 'Left open', content: 'Half a page' })]) });
    fakeApi.on('DELETE', `${DRAFTS}/draft1`, { status: 204 });
    renderApp('/stories/submit');

    const title = await screen.findByLabelText<HTMLInputElement>(/^Title/);
    expect(title.value).toBe('Left open');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Content/).value).toBe('Half a page');
    const notice = screen.getByRole('alert', { name: /Draft restored/ });
    expect(within(notice).getByText(/^Your unsaved draft from .* was restored\.$/)).toBeTruthy();

    await userEvent.click(within(notice).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(fakeApi.requestsTo(`${DRAFTS}/draft1`, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Draft restored/ })).toBeNull());
    expect(title.value).toBe('');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Content/).value).toBe('');
    // Emptying the form is not typing: no draft is saved again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fakeApi.requestsTo(DRAFTS, 'POST')).toHaveLength(0);
  });

  it('opens an edited story with its draft, and removes the draft once the story is saved', async () => {
    signIn({ id: AUTHOR_ID, verified: true });
    serveTaxonomy();
    fakeApi.on('GET', `${STORIES}/s1`, { body: story('s1', 'The Lighthouse Keeper', {}, 'The storm came.') });
    fakeApi.on('GET', DRAFTS, {
      body: listOf([
        draft({ content: 'The storm came. Then it passed.' }, { post: 'post-s1', user: AUTHOR_ID }),
      ]),
    });
    fakeApi.on('GET', REVISIONS, { body: listOf([]) });
    fakeApi.on('PATCH', `${POSTS}/post-s1`, { body: { id: 'post-s1' } });
    fakeApi.on('PATCH', `${STORIES}/s1`, { body: { id: 's1' } });
    fakeApi.on('DELETE', `${DRAFTS}/draft1`, { status: 204 });
    renderApp('/stories/edit/s1');

    const content = await screen.findByLabelText<HTMLTextAreaElement>(/^Content/);
    expect(content.value).toBe('The storm came. Then it passed.');
    // The saved title stays: the draft only holds what it changed.
    expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('The Lighthouse Keeper');
    expect(Object.fromEntries(fakeApi.requestsTo(DRAFTS, 'GET')[0]!.query)).toMatchObject({
      filter: `user = "${AUTHOR_ID}" && type = "story" && post = "post-s1"`,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Story' }));
    await waitFor(() => expect(fakeApi.requestsTo(`${DRAFTS}/draft1`, 'DELETE')).toHaveLength(1));
    expect(fakeApi.requestsTo(`${STORIES}/s1`, 'PATCH')[0]!.body).toEqual({
      content: 'The storm came. Then it passed.',
    });
  });
});

function revision(id: string, content: string, created: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    collectionId: 'pbc_revisions',
    collectionName: 'post_revisions',
    post: 'post-s1',
    story: 's1',
    editor: AUTHOR_ID,
    title: 'The Lighthouse Keeper',
    description: 'About The Lighthouse Keeper.',
    labels: [],
    tags: 'gentle',
    content,
    created,
    expand: { editor: { id: AUTHOR_ID, username: 'ada' } },
    ...fields,
  };
}

describe('story revisions', () => {
  const current = () => story('s1', 'The Lighthouse Keeper', {}, 'The storm came at night.');

  function serveEditScreen(revisions: unknown[]) {
    signIn({ id: AUTHOR_ID, verified: true });
    serveTaxonomy();
    fakeApi.on('GET', `${STORIES}/s1`, { body: current() });
    fakeApi.on('GET', DRAFTS, { body: listOf([]) });
    fakeApi.on('GET', REVISIONS, { body: listOf(revisions, { perPage: 20 }) });
  }

  it('lists the story’s revisions newest first, marks the current one and compares an older one', async () => {
    serveEditScreen([
      revision('r2', 'The storm came at night.', '2026-03-02 10:00:00.000Z'),
      revision('r1', 'The storm came.', '2026-03-01 10:00:00.000Z', { title: 'The Keeper' }),
    ]);
    renderApp('/stories/edit/s1');

    const region = await screen.findByRole('region', { name: 'Revisions' });
    const cards = await within(region).findAllByTestId('revision');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Current version')).toBeTruthy();
    expect(within(cards[0]!).queryByRole('button', { name: /^Restore/ })).toBeNull();
    expect(within(cards[1]!).getByText(/saved by ada/)).toBeTruthy();
    expect(Object.fromEntries(fakeApi.requestsTo(REVISIONS, 'GET')[0]!.query)).toMatchObject({
      filter: 'post = "post-s1"',
      sort: '-created,-id',
    });

    await userEvent.click(within(cards[1]!).getByRole('button', { name: /^Compare/ }));
    const dialog = await screen.findByRole('dialog', { name: /compared with the story now/ });
    const text = within(dialog).getByRole('region', { name: 'Text' });
    expect([...text.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['at night']);
    const title = within(dialog).getByRole('region', { name: 'Title' });
    // "The Keeper" then, "The Lighthouse Keeper" now: only a word was added.
    expect(title.querySelectorAll('del')).toHaveLength(0);
    expect([...title.querySelectorAll('ins')].map((node) => node.textContent?.trim())).toEqual([
      'Lighthouse',
    ]);
    // Unchanged fields are left out.
    expect(within(dialog).queryByRole('region', { name: 'Description' })).toBeNull();
  });

  it('restores a revision by saving it as the story form does', async () => {
    serveEditScreen([
      revision('r2', 'The storm came at night.', '2026-03-02 10:00:00.000Z'),
      revision('r1', 'The storm came.', '2026-03-01 10:00:00.000Z', { title: 'The Keeper', tags: 'gentle' }),
    ]);
    fakeApi.on('PATCH', `${POSTS}/post-s1`, { body: { id: 'post-s1' } });
    fakeApi.on('PATCH', `${STORIES}/s1`, { body: { id: 's1' } });
    renderApp('/stories/edit/s1');

    const cards = await screen.findAllByTestId('revision');
    await userEvent.click(within(cards[1]!).getByRole('button', { name: /^Restore/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(fakeApi.requestsTo(`${STORIES}/s1`, 'PATCH')).toHaveLength(1));
    expect(fakeApi.requestsTo(`${POSTS}/post-s1`, 'PATCH')[0]!.body).toEqual({
      title: 'The Keeper',
      description: 'About The Lighthouse Keeper.',
      labels: [],
      tags: ['t1'],
    });
    expect(fakeApi.requestsTo(`${STORIES}/s1`, 'PATCH')[0]!.body).toEqual({ content: 'The storm came.' });
    await waitFor(() =>
      expect(getFlashMessages().map((m) => m.text)).toContain('The revision was restored.'),
    );
  });

  it('says so when there are none, and shows the error when they cannot be read', async () => {
    serveEditScreen([]);
    const first = renderApp('/stories/edit/s1');
    expect(await screen.findByText('No revisions yet.')).toBeTruthy();
    first.unmount();

    serveEditScreen([]);
    fakeApi.on('GET', REVISIONS, { status: 403, body: { status: 403, message: 'Not allowed.', data: {} } });
    renderApp('/stories/edit/s1');
    const region = await screen.findByRole('region', { name: 'Revisions' });
    expect(await within(region).findByRole('alert')).toBeTruthy();
  });
});

describe('series drafts', () => {
  it('opens the series form with the member’s series draft', async () => {
    signIn({ verified: true });
    serveTaxonomy();
    fakeApi.on('GET', DRAFTS, {
      body: listOf([draft({ title: 'Tall Tales', description: 'Giants next door' }, { type: 'series' })]),
    });
    renderApp('/series/submit');

    const title = await screen.findByLabelText<HTMLInputElement>(/^Title/);
    expect(title.value).toBe('Tall Tales');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Description/).value).toBe('Giants next door');
    expect(screen.getByRole('alert', { name: /Draft restored/ })).toBeTruthy();
    expect(Object.fromEntries(fakeApi.requestsTo(DRAFTS, 'GET')[0]!.query)).toMatchObject({
      filter: `user = "${USER_ID}" && type = "series" && post = ""`,
    });
  });
});
