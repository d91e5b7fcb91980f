import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromLocalInput, scheduledText, toLocalInput } from '../src/features/stories/publish-time';
import { formatDateTime } from '../src/lib/format';
import { bodyOf, fakeApi, listOf } from './fake-api';
import { currentUrl, renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';
import { LABELS, POSTS, SERIES, STORIES, TAGS, story } from './story-fixtures';

const AT = '2030-05-06 07:08:00.000Z';

describe('scheduled stories (PRODUCT.md §14)', () => {
  it('turns the form’s local time into the stored date and back', () => {
    const local = toLocalInput(AT);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe('2030-05-06T07:08:00.000Z');
    expect(toLocalInput('')).toBe('');
    expect(fromLocalInput('  ')).toBe('');
  });

  it('reads "Scheduled for" only for an approved story still waiting for its time', () => {
    const waiting = { published: '', approved: '2030-01-01 00:00:00.000Z', publish_at: AT };
    expect(scheduledText(waiting)).toBe(`Scheduled for ${formatDateTime(AT)}`);
    expect(scheduledText({ ...waiting, approved: '' })).toBeNull();
    expect(scheduledText({ ...waiting, published: AT })).toBeNull();
  });

  it('sends the publish time with a new story', async () => {
    signIn({ verified: true });
    fakeApi.on('GET', LABELS, { body: listOf([], { perPage: 1000 }) });
    fakeApi.on('GET', TAGS, { body: listOf([], { perPage: 1000 }) });
    fakeApi.on('POST', POSTS, { body: { id: 'postnew' } });
    fakeApi.on('POST', STORIES, { body: { id: 'storynew' } });
    const { router } = renderApp('/stories/submit');

    await userEvent.type(await screen.findByLabelText(/^Title/), 'Later');
    const publishAt = screen.getByLabelText('Publish at');
    await userEvent.type(publishAt, toLocalInput(AT));
    await userEvent.type(screen.getByLabelText(/^Content/), 'Soon.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Story' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/stories/storynew'));
    expect(bodyOf(fakeApi.requestsTo(POSTS, 'POST')[0]!)).toMatchObject({
      type: 'story',
      title: 'Later',
      contributors: [USER_ID],
      publish_at: '2030-05-06T07:08:00.000Z',
    });
  });

  it('shows "Scheduled for <date>" on the manage list, not "Returned for changes"', async () => {
    signIn({ verified: true });
    fakeApi.on('GET', STORIES, (request) => {
      const pending = request.query.get('filter')?.endsWith("post.published = ''");
      const items = pending
        ? [
            story('s1', 'Waiting For Its Day', {
              published: '',
              submitted: '',
              approved: '2030-01-01 00:00:00.000Z',
              publish_at: AT,
            }),
            story('s2', 'Sent Back', { published: '', submitted: '' }),
          ]
        : [];
      return { body: listOf(items, { perPage: 1000 }) };
    });
    fakeApi.on('GET', SERIES, { body: listOf([], { perPage: 1000 }) });
    renderApp('/stories/manage');

    const waiting = (await screen.findByRole('link', { name: 'Waiting For Its Day' })).closest('li')!;
    within(waiting).getByText(`Scheduled for ${formatDateTime(AT)}`);
    expect(within(waiting).queryByText('Returned for changes')).toBeNull();
    const sentBack = screen.getByRole('link', { name: 'Sent Back' }).closest('li')!;
    within(sentBack).getByText('Returned for changes');
  });
});
