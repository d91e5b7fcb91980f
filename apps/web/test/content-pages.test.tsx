import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, listOf, type FakeReply } from './fake-api';
import { currentUrl, renderApp } from './render';

const PAGES = '/api/collections/pages/records';

function page(slug: string, title: string, content: string) {
  return { id: `page-${slug}`, collectionName: 'pages', slug, title, content };
}

describe('content pages by slug', () => {
  it('show a loading state, then the record’s title and sanitised HTML content', async () => {
    const answer = deferred<FakeReply>();
    fakeApi.on('GET', PAGES, () => answer.promise);
    renderApp('/help/faq');

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    answer.resolve({
      body: listOf([
        page(
          'faq',
          'Frequently Asked Questions',
          '<h2 id="age">How old must I be?</h2><p>18 or older.</p><script>window.hacked = true</script>' +
            '<img src="/x.png" onerror="window.hacked = true">',
        ),
      ]),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'How old must I be?' })).toBeTruthy();
    expect(screen.getByText('18 or older.')).toBeTruthy();
    expect(document.querySelector('main script')).toBeNull();
    expect(document.querySelector('main img')?.hasAttribute('onerror')).toBe(false);
    await waitFor(() => expect(document.title).toBe('Frequently Asked Questions | Size Community'));
  });

  it('look the record up as "pages: get by slug"', async () => {
    fakeApi.on('GET', PAGES, { body: listOf([page('rules', 'Rules', '<p>Be kind.</p>')]) });
    renderApp('/help/rules');
    await screen.findByRole('heading', { level: 1, name: 'Rules' });
    const [request] = fakeApi.requestsTo(PAGES);
    expect(Object.fromEntries(request!.query)).toEqual({
      page: '1',
      perPage: '1',
      filter: 'slug = "rules"',
      skipTotal: '1',
    });
  });

  it.each([
    ['/contact', 'contact'],
    ['/help/content-guidelines', 'content-guidelines'],
    ['/site/news', 'news'],
    ['/site/roadmap', 'roadmap'],
    ['/terms-of-use', 'terms-of-use'],
    ['/privacy-policy', 'privacy-policy'],
  ])('%s uses the slug "%s"', async (path, slug) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(fakeApi.requestsTo(PAGES)[0]?.query.get('filter')).toBe(`slug = "${slug}"`);
  });

  it('show the not-found page when there is no record', async () => {
    fakeApi.on('GET', PAGES, { body: listOf([]) });
    renderApp('/site/news');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
    expect(screen.getByText('The page you were looking for could not be found.')).toBeTruthy();
  });

  it('show the error view with the mapped message when the server fails', async () => {
    fakeApi.on('GET', PAGES, { status: 500, body: {} });
    renderApp('/terms-of-use');
    expect(await screen.findByRole('heading', { name: 'shrug' })).toBeTruthy();
    expect(screen.getByText('Something unexpected went wrong. Please try again.')).toBeTruthy();
    // Server errors are worth two more tries before giving up (lib/query-client.ts); a 404 is not.
    expect(fakeApi.requestsTo(PAGES)).toHaveLength(3);
  });

  it('hand links to the app’s own paths to the router', async () => {
    fakeApi.on('GET', PAGES, (request) =>
      request.query.get('filter') === 'slug = "contact"'
        ? { body: listOf([page('contact', 'Contact', '<p>Read the <a href="/help/rules">rules</a>.</p>')]) }
        : { body: listOf([page('rules', 'Rules', '<p>Be kind.</p>')]) },
    );
    const { router } = renderApp('/contact');
    await userEvent.click(await screen.findByRole('link', { name: 'rules' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rules' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/help/rules');
  });
});

describe('the home page', () => {
  it('shows the "home" record', async () => {
    fakeApi.on('GET', PAGES, { body: listOf([page('home', 'Welcome', '<p>Hello, giants and tinies.</p>')]) });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText('Hello, giants and tinies.')).toBeTruthy();
    expect(fakeApi.requestsTo(PAGES)[0]?.query.get('filter')).toBe('slug = "home"');
    await waitFor(() => expect(document.title).toBe('Welcome | Size Community'));
  });

  it('never shows "not found": without a record it names the site', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Size Community' })).toBeTruthy();
    expect(screen.queryByText('404 - Page Not Found')).toBeNull();
    expect(document.title).toBe('Home | Size Community');
  });
});
