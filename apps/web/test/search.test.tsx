import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, listOf, type FakeReply, type FakeRequest } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { story } from './story-fixtures';

const SEARCH = '/api/search/stories';
const PAGES = '/api/collections/pages/records';

function servePage() {
  fakeApi.on('GET', PAGES, {
    body: listOf([
      { id: 'p1', slug: 'search', title: 'Search', content: '<p>Find stories by their words.</p>' },
    ]),
  });
}

/** `total` found stories, answered 20 per page as the server does. */
function serveResults(total: number) {
  fakeApi.on('GET', SEARCH, (request: FakeRequest) => {
    const page = Number(request.query.get('page'));
    const all = Array.from({ length: total }, (_, i) =>
      story(`s${i + 1}`, `Giant Tale ${i + 1}`, { description: 'A giant in the garden.' }),
    );
    return { body: listOf(all.slice((page - 1) * 20, page * 20), { page, perPage: 20, totalItems: total }) };
  });
}

describe('/search', () => {
  it('shows the "search" page intro, the search box and the Search button', async () => {
    signIn();
    servePage();
    renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    expect(await screen.findByText('Find stories by their words.')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search stories' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  it('Enter navigates to /search?query= with the text trimmed', async () => {
    signIn();
    servePage();
    serveResults(1);
    const { router } = renderApp('/search');
    await userEvent.type(
      await screen.findByRole('searchbox', { name: 'Search stories' }),
      '  giant garden  {Enter}',
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/search?query=giant+garden'));
    expect(await screen.findByRole('link', { name: 'Giant Tale 1' })).toBeTruthy();
    expect(fakeApi.requestsTo(SEARCH)[0]?.query.get('q')).toBe('giant garden');
  });

  it('the Search button navigates the same way, back to page 1', async () => {
    signIn();
    servePage();
    serveResults(1);
    const { router } = renderApp('/search?query=old&page=3');
    const box = await screen.findByRole('searchbox', { name: 'Search stories' });
    await userEvent.clear(box);
    await userEvent.type(box, ' tiny ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/search?query=tiny'));
  });

  it('shows "Searching..." with a spinner while the server answers', async () => {
    signIn();
    servePage();
    const answer = deferred<FakeReply>();
    fakeApi.on('GET', SEARCH, () => answer.promise);
    renderApp('/search?query=giant');
    const searching = await screen.findByText('Searching...');
    expect(searching.closest('[role="status"]')?.querySelector('.mantine-Loader-root')).toBeTruthy();
    answer.resolve({ body: listOf([story('s1', 'Giant Tale')], { perPage: 20 }) });
    expect(await screen.findByRole('link', { name: 'Giant Tale' })).toBeTruthy();
    expect(screen.queryByText('Searching...')).toBeNull();
  });

  it('with more than 20 results shows 20 cards with page links above and below; page 2 comes from ?page', async () => {
    signIn();
    servePage();
    serveResults(25);
    const { router } = renderApp('/search?query=giant');
    await screen.findByRole('link', { name: 'Giant Tale 1' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('25 stories found')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Next page' })).toHaveLength(2);
    const [above, below] = screen.getAllByRole('button', { name: 'Next page' });
    const first = screen.getAllByRole('article')[0]!;
    // The first set of page links comes before the first card, the second after the last.
    expect(above!.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const last = screen.getAllByRole('article')[19]!;
    expect(below!.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();

    await userEvent.click(below!);
    await waitFor(() => expect(currentUrl(router)).toBe('/search?query=giant&page=2'));
    expect(await screen.findByRole('link', { name: 'Giant Tale 21' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(fakeApi.requestsTo(SEARCH).map((r) => [r.query.get('page'), r.query.get('perPage')])).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
  });

  it('one page of results has no page links', async () => {
    signIn();
    servePage();
    serveResults(3);
    renderApp('/search?query=giant');
    await screen.findByRole('link', { name: 'Giant Tale 3' });
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('marks the searched words in the description', async () => {
    signIn();
    servePage();
    serveResults(1);
    renderApp('/search?query=garden');
    const card = await screen.findByRole('article');
    const marks = card.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['garden']);
  });

  it('shows the sizes a found story gives, as its card does elsewhere', async () => {
    signIn();
    servePage();
    fakeApi.on('GET', SEARCH, {
      body: listOf([story('s1', 'Mega Tale', { larger_size: 'mega', size_change: 'growth' })], {
        perPage: 20,
      }),
    });
    renderApp('/search?query=tale');
    const card = await screen.findByRole('article');
    const sizes = within(card).getByLabelText('Sizes');
    expect(sizes.textContent).toContain('giant');
  });

  it('an empty or blank query shows no results, no error and sends no request', async () => {
    signIn();
    servePage();
    serveResults(3);
    const { router } = renderApp('/search?query=%20%20');
    expect(await screen.findByText('Find stories by their words.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/search'));
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Searching...')).toBeNull();
    expect(fakeApi.requestsTo(SEARCH)).toHaveLength(0);
  });

  it('a query with no match says so plainly', async () => {
    signIn();
    servePage();
    serveResults(0);
    renderApp('/search?query=zeppelin');
    expect(await screen.findByText('No stories match "zeppelin".')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a server error is shown, not an empty list', async () => {
    signIn();
    servePage();
    fakeApi.on('GET', SEARCH, { status: 500, body: { status: 500, message: 'Boom.', data: {} } });
    renderApp('/search?query=giant');
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
