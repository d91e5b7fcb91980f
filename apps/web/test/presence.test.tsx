import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from '../src/features/presence/heartbeat';
import { PRESENCE_TIMINGS } from '../src/features/presence/timings';
import { fakeApi, listOf } from './fake-api';
import { fakeRealtime } from './fake-realtime';
import { renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';

const PRESENCE = '/api/collections/presence/records';

describe('the presence heartbeat (fake timers)', () => {
  afterEach(() => vi.useRealTimers());

  function run(status: 'online' | 'invisible' = 'online') {
    vi.useFakeTimers();
    const sent: string[] = [];
    const target = new EventTarget();
    const stop = startHeartbeat({
      status,
      timings: PRESENCE_TIMINGS,
      target: target,
      send: (next) => {
        sent.push(next);
        return Promise.resolve();
      },
    });
    return { sent, stop, move: () => target.dispatchEvent(new Event('mousemove')) };
  }

  it('sends the status at once and every 60 seconds from mount', () => {
    const { sent, stop } = run();
    expect(sent).toEqual(['online']);
    vi.advanceTimersByTime(59_999);
    expect(sent).toEqual(['online']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['online', 'online']);
    vi.advanceTimersByTime(120_000);
    expect(sent).toHaveLength(4);
    stop();
    vi.advanceTimersByTime(600_000);
    expect(sent).toHaveLength(4);
  });

  it('stops after 5 minutes without mouse movement and sets offline; movement restarts it', () => {
    const { sent, move, stop } = run('invisible');
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(sent.at(-1)).toBe('invisible');
    vi.advanceTimersByTime(1);
    expect(sent.at(-1)).toBe('offline');
    const count = sent.length;
    vi.advanceTimersByTime(10 * 60_000);
    expect(sent).toHaveLength(count);
    move();
    expect(sent.at(-1)).toBe('invisible');
    vi.advanceTimersByTime(60_000);
    expect(sent.slice(count)).toEqual(['invisible', 'invisible']);
    stop();
  });

  it('movement keeps a member from going idle', () => {
    const { sent, move, stop } = run();
    for (let minute = 0; minute < 10; minute++) {
      vi.advanceTimersByTime(60_000);
      move();
    }
    expect(sent).not.toContain('offline');
    expect(sent).toHaveLength(11);
    stop();
  });
});

const online = (id: string, username: string, name: string) => ({
  id,
  user: id,
  status: 'online',
  updated: '2026-11-25 10:00:00.000Z',
  expand: { user: { id, username, expand: { profile: { id: `p-${id}`, name } } } },
});

describe("Who's Online", () => {
  it('initialises presence from appear_online (created when absent) and lists online members', async () => {
    signIn({ settings: { theme: 'auto', appear_online: false } });
    fakeApi.on('PATCH', `${PRESENCE}/${USER_ID}`, {
      status: 404,
      body: { status: 404, message: "The requested resource wasn't found.", data: {} },
    });
    fakeApi.on('POST', PRESENCE, (request) => ({ body: request.body }));
    fakeApi.on('GET', PRESENCE, { body: listOf([online('u2', 'gina', 'Gina Giant')]) });
    renderApp('/');

    const list = await screen.findByRole('region', { name: "Who's Online" });
    const gina = await within(list).findByRole('link', { name: 'Gina Giant' });
    expect(gina.getAttribute('href')).toBe('/profiles/gina');
    expect(gina.closest('li')?.className).toBe('presence-online');
    expect(within(list).getByText('online')).toBeTruthy();
    await waitFor(() =>
      expect(fakeApi.requestsTo(PRESENCE, 'POST').map((r) => r.body)).toEqual([
        { id: USER_ID, user: USER_ID, status: 'invisible' },
      ]),
    );
    expect(fakeApi.requestsTo(PRESENCE, 'GET')[0]!.query.get('filter')).toBe('status = "online"');
  });

  it('is not shown to visitors, who send no presence', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    expect(screen.queryByRole('region', { name: "Who's Online" })).toBeNull();
    expect(fakeApi.requestsTo(PRESENCE)).toHaveLength(0);
  });

  it('refreshes on presence events at most once a minute and drops a deleted record at once', async () => {
    signIn();
    fakeApi.on('PATCH', `${PRESENCE}/${USER_ID}`, (request) => ({ body: request.body }));
    let members = [online('u2', 'gina', 'Gina Giant'), online('u3', 'tim', 'Tiny Tim')];
    fakeApi.on('GET', PRESENCE, () => ({ body: listOf(members) }));
    renderApp('/');
    const list = await screen.findByRole('region', { name: "Who's Online" });
    await within(list).findByRole('link', { name: 'Tiny Tim' });
    fakeRealtime.connect();
    await waitFor(() => expect(fakeRealtime.subscriptions()).toContain('presence/*'));
    const loads = () => fakeApi.requestsTo(PRESENCE, 'GET').length;
    const before = loads();

    members = [online('u2', 'gina', 'Gina Giant')];
    fakeRealtime.emit('presence/*', { action: 'update', record: { id: 'u3', status: 'offline' } });
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Tiny Tim' })).toBeNull());
    expect(loads()).toBe(before + 1);
    // A second event within the minute waits for the window's end.
    fakeRealtime.emit('presence/*', { action: 'update', record: { id: 'u4', status: 'online' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loads()).toBe(before + 1);

    fakeRealtime.emit('presence/*', { action: 'delete', record: { id: 'u2' } });
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Gina Giant' })).toBeNull());
  });
});
