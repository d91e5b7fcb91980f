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
  it('labels and content pages are for admins only; moderators manage tags', async () => {
    signIn({ roles: ['moderator'] });
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(await screen.findByRole('region', { name: 'Tags' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Labels' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Content pages' })).toBeNull();
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

  it('a moderator renames and deletes tags', async () => {
    signIn({ roles: ['moderator'] });
    const TAGS = '/api/collections/tags/records';
    fakeApi.on('GET', TAGS, {
      body: listOf([
        { id: 't1', name: 'giant' },
        { id: 't2', name: 'Giant ' },
      ]),
    });
    fakeApi.on('PATCH', `${TAGS}/t1`, (request) => ({ body: { id: 't1', ...(request.body as object) } }));
    fakeApi.on('DELETE', `${TAGS}/t2`, { status: 204 });
    renderApp('/admin');
    const tags = await screen.findByRole('region', { name: 'Tags' });
    const first = (await within(tags).findAllByRole('listitem'))[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Rename' }));
    const box = within(tags).getByRole('textbox', { name: 'New name for giant' });
    await userEvent.clear(box);
    await userEvent.type(box, 'giantess');
    await userEvent.click(within(tags).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fakeApi.requestsTo(`${TAGS}/t1`, 'PATCH').map((r) => r.body)).toEqual([{ name: 'giantess' }]),
    );
    const second = within(tags).getAllByRole('listitem')[1]!;
    await userEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(fakeApi.requestsTo(`${TAGS}/t2`, 'DELETE')).toHaveLength(0);
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Are you sure you want to delete this tag?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fakeApi.requestsTo(`${TAGS}/t2`, 'DELETE')).toHaveLength(1));
  });
});
