/**
 * Muted tags and labels, and size metadata (PRODUCT.md §14, issue 20): the texts of each touched screen
 * appear verbatim; lists ask the server to leave muted ones out and say how many it did, with "Show
 * them"; the settings section mutes and unmutes; browse and search carry the size filter in the URL; the
 * story form sends the sizes chosen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, fakeApi, listOf, type FakeRequest } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { LABELS, POSTS, SERIES, STORIES, TAGS, story } from './story-fixtures';

const MUTES = '/api/collections/mutes/records';
const SEARCH = '/api/search/stories';
const SIZED = { larger_size: 'mega', smaller_size: 'micro', size_change: 'growth' };

/** A story list that leaves out "Hidden Hands" (and says so) while asked with `muted=hide`. */
function serveStories() {
  fakeApi.on('GET', STORIES, (request: FakeRequest) => {
    const hide = request.query.get('muted') === 'hide';
    const items = [story('s1', 'Open Meadow', SIZED), ...(hide ? [] : [story('s2', 'Hidden Hands')])];
    return { body: { ...listOf(items, { perPage: 20 }), ...(hide ? { hidden: 1 } : {}) } };
  });
}

function serveTaxonomy() {
  fakeApi.on('GET', TAGS, { body: listOf([{ id: 't1', name: 'hands' }], { perPage: 1000 }) });
  fakeApi.on('GET', LABELS, {
    body: listOf([{ id: 'l1', name: 'Giant', isCategory: false, parent: '', order: 0, color: '' }], {
      perPage: 1000,
    }),
  });
}

describe('muted tags and labels in lists', () => {
  it('/stories: "1 hidden by your filters", and "Show them" asks again without leaving any out', async () => {
    signIn({ verified: true });
    serveStories();
    renderApp('/stories');
    await screen.findByRole('link', { name: 'Open Meadow' });
    expect(screen.getByText('1 hidden by your filters')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Hidden Hands' })).toBeNull();
    expect(fakeApi.requestsTo(STORIES)[0]!.query.get('muted')).toBe('hide');

    await userEvent.click(screen.getByRole('button', { name: 'Show them' }));
    await screen.findByRole('link', { name: 'Hidden Hands' });
    expect(screen.queryByText(/hidden by your filters/)).toBeNull();
    expect(fakeApi.requestsTo(STORIES).at(-1)!.query.get('muted')).toBeNull();
  });

  it('shows the sizes on the card: "Mega giant", "Micro tiny", "Growth"', async () => {
    signIn();
    serveStories();
    renderApp('/stories');
    await screen.findByRole('link', { name: 'Open Meadow' });
    const sizes = screen.getByLabelText('Sizes');
    expect(within(sizes).getByText('Mega giant')).toBeTruthy();
    expect(within(sizes).getByText('Micro tiny')).toBeTruthy();
    expect(within(sizes).getByText('Growth')).toBeTruthy();
  });

  it('the home page lists the latest stories without muted ones, with "Show them"', async () => {
    signIn();
    serveStories();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Latest stories' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Open Meadow' });
    expect(screen.getByText('1 hidden by your filters')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show them' }));
    await screen.findByRole('link', { name: 'Hidden Hands' });
    expect(screen.getByRole('link', { name: 'All stories' }).getAttribute('href')).toBe('/stories');
  });

  it('/series says how many series it hid', async () => {
    signIn();
    fakeApi.on('GET', SERIES, (request: FakeRequest) => ({
      body: { ...listOf([], { perPage: 10 }), hidden: request.query.get('muted') === 'hide' ? 2 : 0 },
    }));
    renderApp('/series');
    expect(await screen.findByText('2 hidden by your filters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show them' })).toBeTruthy();
  });

  it('browse offers "Mute tag" for the chosen tag, and "Unmute tag" once muted', async () => {
    signIn();
    serveStories();
    serveTaxonomy();
    fakeApi.on('GET', MUTES, { body: listOf([]) });
    fakeApi.on('POST', MUTES, { body: { id: 'm1', user: USER_ID, tag: 't1', label: '' } });
    renderApp('/stories/browse?tag=t1');
    await userEvent.click(await screen.findByRole('button', { name: 'Mute tag' }));
    await waitFor(() => expect(fakeApi.requestsTo(MUTES, 'POST')).toHaveLength(1));
    expect(fakeApi.requestsTo(MUTES, 'POST')[0]!.body).toEqual({ user: USER_ID, tag: 't1' });
  });
});

describe('size filters', () => {
  it('browse puts the sizes into the URL and the filter, starting again at page 1', async () => {
    signIn();
    serveStories();
    serveTaxonomy();
    const { router } = renderApp('/stories/browse?page=2');
    await screen.findByRole('link', { name: 'Open Meadow' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Larger character' }), 'Mega');
    await waitFor(() => expect(currentUrl(router)).toBe('/stories/browse?larger=mega'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Size change' }), 'Growth');
    await waitFor(() => expect(currentUrl(router)).toBe('/stories/browse?larger=mega&change=growth'));
    await waitFor(() =>
      expect(fakeApi.requestsTo(STORIES).at(-1)!.query.get('filter')).toBe(
        `post.published != '' && post.larger_size = "mega" && post.size_change = "growth"`,
      ),
    );
  });

  it('a shared browse address opens with its sizes chosen; unknown values are ignored', async () => {
    signIn();
    serveStories();
    serveTaxonomy();
    renderApp('/stories/browse?larger=giga&smaller=huge');
    await screen.findByRole('link', { name: 'Open Meadow' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Larger character' }).value).toBe('giga');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Smaller character' }).value).toBe('');
    expect(fakeApi.requestsTo(STORIES)[0]!.query.get('filter')).toBe(
      `post.published != '' && post.larger_size = "giga"`,
    );
  });

  it('search sends the sizes and muted=hide, and keeps the sizes in the URL', async () => {
    signIn();
    fakeApi.on('GET', SEARCH, {
      body: { ...listOf([story('s1', 'Open Meadow')], { perPage: 20 }), hidden: 1 },
    });
    fakeApi.on('GET', '/api/collections/pages/records', { body: listOf([]) });
    const { router } = renderApp('/search?query=tower');
    await screen.findByText('1 hidden by your filters');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Smaller character' }), 'Micro');
    await waitFor(() => expect(currentUrl(router)).toBe('/search?query=tower&smaller=micro'));
    await waitFor(() => expect(fakeApi.requestsTo(SEARCH).at(-1)!.query.get('smaller')).toBe('micro'));
    expect(fakeApi.requestsTo(SEARCH).at(-1)!.query.get('muted')).toBe('hide');
  });

  it('the story form sends the sizes chosen', async () => {
    signIn({ verified: true });
    serveTaxonomy();
    fakeApi.on('POST', POSTS, { body: { id: 'postnew' } });
    fakeApi.on('POST', STORIES, { body: { id: 'snew' } });
    fakeApi.on('GET', `${STORIES}/snew`, { body: story('snew', 'Sized') });
    renderApp('/stories/submit');
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Sized');
    await userEvent.type(screen.getByLabelText(/^Content/), 'Text.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Larger character' }), 'Tera');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Size change' }),
      'Growth and shrinking',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Story' }));
    await waitFor(() => expect(fakeApi.requestsTo(POSTS, 'POST')).toHaveLength(1));
    expect(bodyOf(fakeApi.requestsTo(POSTS, 'POST')[0]!)).toMatchObject({
      larger_size: 'tera',
      size_change: 'both',
    });
    expect(bodyOf(fakeApi.requestsTo(POSTS, 'POST')[0]!)).not.toHaveProperty('smaller_size');
  });
});

describe('/settings: muted tags and labels', () => {
  it('shows the section texts, lists the mutes, unmutes one and mutes a label', async () => {
    signIn({ verified: true });
    serveTaxonomy();
    fakeApi.on('GET', MUTES, {
      body: listOf([
        { id: 'm1', user: USER_ID, tag: 't1', label: '', expand: { tag: { id: 't1', name: 'hands' } } },
      ]),
    });
    fakeApi.on('DELETE', `${MUTES}/m1`, { status: 204 });
    fakeApi.on('POST', MUTES, { body: { id: 'm2', user: USER_ID, tag: '', label: 'l1' } });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'Muted tags and labels' })).toBeTruthy();
    expect(
      screen.getByText(
        'Stories and series with these tags or labels are left out of your lists, browse pages, search and the home page. Each list says how many it hid and can show them once.',
      ),
    ).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Unmute hands' }));
    await waitFor(() => expect(fakeApi.requestsTo(`${MUTES}/m1`, 'DELETE')).toHaveLength(1));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Label to mute' }), 'Giant');
    await userEvent.click(screen.getByRole('button', { name: 'Mute label' }));
    await waitFor(() => expect(fakeApi.requestsTo(MUTES, 'POST')).toHaveLength(1));
    expect(fakeApi.requestsTo(MUTES, 'POST')[0]!.body).toEqual({ user: USER_ID, label: 'l1' });
  });

  it('says so when nothing is muted', async () => {
    signIn();
    serveTaxonomy();
    fakeApi.on('GET', MUTES, { body: listOf([]) });
    renderApp('/settings');
    expect(await screen.findByText('You have not muted any tags or labels.')).toBeTruthy();
  });
});
