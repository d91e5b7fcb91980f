import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, listOf } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';

const LABELS = '/api/collections/labels/records';
const PAGES = '/api/collections/pages/records';

const label = (id: string, name: string, parent = '') => ({
  id,
  name,
  parent,
  description: '',
  isCategory: !parent,
  order: 0,
  color: '',
});

describe('managing the site from the dashboard', () => {
  it('is for admins only', async () => {
    signIn({ roles: ['moderator'] });
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Manage the site' })).toBeNull();
  });

  it('shows the label tree, children under their parent, and adds a label', async () => {
    signIn({ roles: ['admin'] });
    fakeApi.on('GET', LABELS, { body: listOf([label('l2', 'Giants', 'l1'), label('l1', 'Sizes')]) });
    fakeApi.on('GET', PAGES, { body: listOf([]) });
    fakeApi.on('POST', LABELS, (request) => ({ body: { id: 'l3', ...(request.body as object) } }));
    renderApp('/admin');
    const labels = await screen.findByRole('region', { name: 'Labels' });
    const tree = await within(labels).findByRole('list', { name: 'Labels' });
    expect(
      within(tree)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split('#')[0]),
    ).toEqual(['Sizescategory', 'Giants']);
    await userEvent.type(within(labels).getByRole('textbox', { name: /^Label name/ }), 'Tinies');
    await userEvent.click(within(labels).getByRole('button', { name: 'Add label' }));
    await waitFor(() =>
      expect(fakeApi.requestsTo(LABELS, 'POST').map((r) => r.body)).toEqual([
        { name: 'Tinies', description: '', parent: '', color: '', order: 0, isCategory: false },
      ]),
    );
  });

  it('previews a content page sanitised and saves it', async () => {
    signIn({ roles: ['admin'] });
    fakeApi.on('GET', LABELS, { body: listOf([]) });
    fakeApi.on('GET', PAGES, { body: listOf([]) });
    fakeApi.on('POST', PAGES, (request) => ({ body: { id: 'pg1', ...(request.body as object) } }));
    renderApp('/admin');
    const pages = await screen.findByRole('region', { name: 'Content pages' });
    await userEvent.type(within(pages).getByRole('textbox', { name: /^Page title/ }), 'Roadmap');
    await userEvent.type(within(pages).getByRole('textbox', { name: /^Slug/ }), 'roadmap');
    await userEvent.type(
      within(pages).getByRole('textbox', { name: 'Content (HTML)' }),
      '<p onclick="steal()">Soon</p>',
    );
    const preview = await within(pages).findByText('Soon');
    expect(preview.getAttribute('onclick')).toBeNull();
    await userEvent.click(within(pages).getByRole('button', { name: 'Add page' }));
    await waitFor(() =>
      expect(fakeApi.requestsTo(PAGES, 'POST').map((r) => r.body)).toEqual([
        {
          slug: 'roadmap',
          title: 'Roadmap',
          content: '<p onclick="steal()">Soon</p>',
          visibleTo: 'everyone',
        },
      ]),
    );
  });
});
