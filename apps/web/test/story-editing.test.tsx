import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { bodyOf, fakeApi, listOf } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { AUTHOR_ID, LABELS, POSTS, STORIES, TAGS, story } from './story-fixtures';

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

const LABEL_LIST = [
  { id: 'l1', name: 'Giant', order: 0, isCategory: true, parent: '' },
  { id: 'l2', name: 'Tiny', order: 1, isCategory: true, parent: '' },
];

function serveTaxonomy() {
  fakeApi.on('GET', LABELS, { body: listOf(LABEL_LIST, { perPage: 1000 }) });
  fakeApi.on('GET', TAGS, { body: listOf([{ id: 't1', name: 'gentle' }], { perPage: 1000 }) });
  fakeApi.on('POST', TAGS, (request) => ({ body: { id: 'tnew', ...(request.body as object) } }));
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('/stories/submit: labels, attachments and preview', () => {
  it('sends the chosen labels and the attached files with the post', async () => {
    signIn({ verified: true });
    serveTaxonomy();
    fakeApi.on('POST', POSTS, { body: { id: 'postnew' } });
    fakeApi.on('POST', STORIES, { body: { id: 'storynew' } });
    const { router } = renderApp('/stories/submit');

    await userEvent.type(await screen.findByLabelText(/^Title/), 'Maps');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tiny' }));
    await userEvent.upload(fileInput(), [
      new File(['png'], 'map.png', { type: 'image/png' }),
      new File(['mp3'], 'storm.mp3', { type: 'audio/mpeg' }),
    ]);
    await userEvent.type(screen.getByLabelText(/^Content/), '![[the map](map.png)');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Story' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/stories/storynew'));
    expect(bodyOf(fakeApi.requestsTo(POSTS, 'POST')[0]!)).toEqual({
      type: 'story',
      title: 'Maps',
      description: '',
      contributors: [USER_ID],
      labels: ['l2'],
      tags: [],
      attachments: ['file:map.png', 'file:storm.mp3'],
    });
    expect(Object.fromEntries(fakeApi.requestsTo(LABELS)[0]!.query)).toMatchObject({
      page: '1',
      perPage: '1000',
      sort: 'order',
    });
  });

  it('previews the markdown, and goes back to the text when content is missing', async () => {
    signIn({ verified: true });
    serveTaxonomy();
    renderApp('/stories/submit');
    await userEvent.type(await screen.findByLabelText(/^Content/), '## A storm{enter}It was **loud**.');
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'A storm' })).toBeTruthy();
    expect(screen.getByText('loud').tagName).toBe('STRONG');

    await userEvent.click(screen.getByRole('tab', { name: 'Write' }));
    await userEvent.clear(screen.getByLabelText(/^Content/));
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('Nothing to preview yet.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Title/), 'A title');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Story' }));
    expect(await screen.findByText('Content is required')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Write', selected: true })).toBeTruthy();
    expect(fakeApi.requestsTo(POSTS)).toHaveLength(0);
  });

  it('previews an image named in the text from the file just chosen, before anything is uploaded', async () => {
    signIn({ verified: true });
    serveTaxonomy();
    renderApp('/stories/submit');
    const content = await screen.findByLabelText(/^Content/);
    await userEvent.upload(fileInput(), new File(['png'], 'Map Of Town.png', { type: 'image/png' }));
    await userEvent.type(content, '![[a caption](map-of-town.png)');
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const image = await screen.findByRole('img', { name: 'a caption' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
  });
});

describe('/stories/edit/{id}', () => {
  const editable = () =>
    story(
      's1',
      'The Lighthouse Keeper',
      { labels: ['l1'], attachments: ['old_map_a1b2c3d4e5.png', 'notes_q1w2e3r4t5.txt'] },
      'The storm came.',
    );

  it('fills the form with the story and saves the post and the story', async () => {
    signIn({ id: AUTHOR_ID, verified: true });
    serveTaxonomy();
    fakeApi.on('GET', `${STORIES}/s1`, { body: editable() });
    fakeApi.on('PATCH', `${POSTS}/post-s1`, { body: { id: 'post-s1' } });
    fakeApi.on('PATCH', `${STORIES}/s1`, { body: { id: 's1' } });
    const { router } = renderApp('/stories/edit/s1');

    const title = await screen.findByLabelText<HTMLInputElement>(/^Title/);
    expect(title.value).toBe('The Lighthouse Keeper');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Description/).value).toBe(
      'About The Lighthouse Keeper.',
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^Tags/).value).toBe('gentle');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Content/).value).toBe('The storm came.');
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Giant' })).checked).toBe(true);

    await userEvent.clear(title);
    await userEvent.type(title, 'The Keeper');
    await userEvent.type(screen.getByLabelText(/^Tags/), ', storm');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tiny' }));
    const removals = screen.getByRole('group', { name: 'Remove attachments' });
    await userEvent.click(within(removals).getByRole('checkbox', { name: 'notes_q1w2e3r4t5.txt' }));
    await userEvent.upload(fileInput(), new File(['png'], 'new_map.png', { type: 'image/png' }));
    await userEvent.type(screen.getByLabelText(/^Content/), ' Then it passed.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Story' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/stories/s1'));
    expect(bodyOf(fakeApi.requestsTo(`${POSTS}/post-s1`, 'PATCH')[0]!)).toEqual({
      title: 'The Keeper',
      description: 'About The Lighthouse Keeper.',
      labels: ['l1', 'l2'],
      tags: ['t1', 'tnew'],
      // Sizes are sent on every edit, so one taken back is cleared (none were given here).
      larger_size: '',
      smaller_size: '',
      size_change: '',
      'attachments-': ['notes_q1w2e3r4t5.txt'],
      'attachments+': 'file:new_map.png',
    });
    expect(fakeApi.requestsTo(`${STORIES}/s1`, 'PATCH')[0]?.body).toEqual({
      content: 'The storm came. Then it passed.',
    });
    expect(fakeApi.requestsTo(POSTS, 'POST')).toHaveLength(0);
  });

  it('is for the story’s contributors only', async () => {
    signIn({ id: 'mod1', roles: ['moderator'] });
    fakeApi.on('GET', `${STORIES}/s1`, { body: editable() });
    renderApp('/stories/edit/s1');
    expect(await screen.findByText('Only the contributors of a story may edit it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Story' })).toBeNull();
  });

  it('says so when the story does not exist', async () => {
    signIn();
    renderApp('/stories/edit/nope');
    expect(await screen.findByText("That story doesn't seem to exist.")).toBeTruthy();
  });

  it('shows the spec’s failure text when the save is refused', async () => {
    signIn({ id: AUTHOR_ID });
    serveTaxonomy();
    fakeApi.on('GET', `${STORIES}/s1`, { body: editable() });
    fakeApi.on('PATCH', `${POSTS}/post-s1`, {
      status: 403,
      body: { status: 403, message: 'You are not allowed to perform this request.', data: {} },
    });
    renderApp('/stories/edit/s1');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Story' }));
    await waitFor(() =>
      expect(flashTexts()).toEqual([
        'error: Something went wrong while submitting your post. Please try again later.',
        'error: You are not allowed to perform this request.',
      ]),
    );
    expect(fakeApi.requestsTo(`${STORIES}/s1`, 'PATCH')).toHaveLength(0);
  });
});
