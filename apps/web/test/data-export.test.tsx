import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import { DATA_EXPORT_POLL_MS } from '../src/features/account/api/data-export';
import { formatDateTime } from '../src/lib/format';
import { fakeApi, listOf } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';

const EXPORT = '/api/account/export';
const EXPORTS = '/api/collections/data_exports/records';
const FILE_TOKEN = '/api/files/token';
const GATHERING = 'We are gathering your data. We will tell you when it is ready.';
const FAILED = 'We could not gather your data. Try again, or write to the moderators.';
const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

/** A time `ms` ago as the server writes dates. */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString().replace('T', ' ');
const HOUR_MS = 3_600_000;

function dataExport(overrides: Record<string, unknown> = {}) {
  return {
    id: 'export12345678a',
    collectionId: 'pbc_data_exports',
    collectionName: 'data_exports',
    user: 'user1234567890a',
    status: 'pending',
    file: '',
    expires: '',
    created: ago(HOUR_MS),
    updated: ago(HOUR_MS),
    ...overrides,
  };
}

const READY = dataExport({
  status: 'ready',
  file: 'data_export_tiny_tom_a1b2c3d4e5.zip',
  expires: '2026-12-09 14:00:00.000Z',
});
/** Ready, and asked for more than a day ago: the server would take a new ask. */
const READY_YESTERDAY = { ...READY, created: ago(25 * HOUR_MS), updated: ago(25 * HOUR_MS) };

/** The member's exports as the server lists them: newest first, one to a page. */
function serveExports(rows: () => object[]) {
  fakeApi.on('GET', EXPORTS, () => ({ body: listOf(rows().slice(0, 1), { perPage: 1 }) }));
}

async function openSection() {
  renderApp('/settings');
  const heading = await screen.findByRole('heading', { level: 2, name: 'Your data' });
  return heading.closest('section')!;
}

describe('/settings, your data', () => {
  const clicked: string[] = [];
  beforeEach(() => {
    clicked.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
  });

  it('with no export yet: the button asks for one, and the page says it is being gathered', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    const rows: object[] = [];
    serveExports(() => rows);
    fakeApi.on('POST', EXPORT, () => {
      rows.unshift(dataExport());
      return { status: 202, body: { id: 'export12345678a', status: 'pending' } };
    });
    const section = await openSection();
    const button = await within(section).findByRole('button', { name: 'Download my data' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(within(section).queryByText(GATHERING)).toBeNull();
    // The list asks for the latest one only.
    const listed = fakeApi.requestsTo(EXPORTS, 'GET')[0]!;
    expect(listed.query.get('sort')).toBe('-created');
    expect(listed.query.get('perPage')).toBe('1');

    await userEvent.click(button);
    expect(await within(section).findByText(GATHERING)).toBeTruthy();
    expect(fakeApi.requestsTo(EXPORT, 'POST')).toHaveLength(1);
    // Asked once: no second ask while it is gathered.
    expect(within(section).queryByRole('button', { name: 'Download my data' })).toBeNull();
  });

  it('reads the export again every few seconds while it is gathered, until the zip is ready', async () => {
    // The clock is moved on by hand, so a busy machine cannot make the refetch late for the test.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    try {
      signIn({ verified: true, email: 'tom@example.com' });
      let row: object = dataExport({ status: 'building' });
      serveExports(() => [row]);
      const section = await openSection();
      expect(await within(section).findByText(GATHERING)).toBeTruthy();
      const asked = fakeApi.requestsTo(EXPORTS, 'GET').length;
      row = READY;
      await vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS);
      expect(await within(section).findByRole('button', { name: 'Download the zip' })).toBeTruthy();
      expect(within(section).queryByText(GATHERING)).toBeNull();
      expect(fakeApi.requestsTo(EXPORTS, 'GET').length).toBeGreaterThan(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ready: "Download the zip" asks for a file token at the click and downloads from its address', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    serveExports(() => [READY]);
    fakeApi.on('POST', FILE_TOKEN, { body: { token: 'file-token-1' } });
    const section = await openSection();
    const download = await within(section).findByRole('button', { name: 'Download the zip' });
    expect(
      within(section).getByText(`Ready until ${formatDateTime('2026-12-09 14:00:00.000Z')}`),
    ).toBeTruthy();
    // The token lives two minutes: none is asked for before the click.
    expect(fakeApi.requestsTo(FILE_TOKEN)).toHaveLength(0);

    await userEvent.click(download);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fakeApi.requestsTo(FILE_TOKEN, 'POST')).toHaveLength(1);
    const url = new URL(clicked[0]!);
    expect(url.pathname).toBe(
      '/api/files/pbc_data_exports/export12345678a/data_export_tiny_tom_a1b2c3d4e5.zip',
    );
    expect(url.searchParams.get('token')).toBe('file-token-1');
    expect(url.searchParams.has('download')).toBe(true);
    // Asked within the day: the zip is the answer, and no new ask is offered (the server would refuse it).
    expect(within(section).queryByRole('button', { name: 'Download my data' })).toBeNull();
  });

  it('ready since more than a day: both the zip and a new ask are offered', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    serveExports(() => [READY_YESTERDAY]);
    const section = await openSection();
    expect(await within(section).findByRole('button', { name: 'Download the zip' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Download my data' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("refused by the server (its clock says it is too soon): shows the server's message", async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    serveExports(() => [READY_YESTERDAY]);
    const message = 'You can ask for your data once a day. Ask again after 2 Dec 2026, 14:05.';
    fakeApi.on('POST', EXPORT, { status: 429, body: { status: 429, message, data: {} } });
    const section = await openSection();
    await userEvent.click(await within(section).findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(flashTexts()).toContain(`error: ${message}`));
    expect(within(section).queryByText(GATHERING)).toBeNull();
    expect(within(section).getByRole('button', { name: 'Download the zip' })).toBeTruthy();
  });

  it('failed: says so, and the member can ask again', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    const rows: object[] = [dataExport({ status: 'failed' })];
    serveExports(() => rows);
    fakeApi.on('POST', EXPORT, () => {
      rows.unshift(dataExport({ id: 'export2222222bb' }));
      return { status: 202, body: { id: 'export2222222bb', status: 'pending' } };
    });
    const section = await openSection();
    expect(await within(section).findByText(FAILED)).toBeTruthy();
    const button = within(section).getByRole('button', { name: 'Download my data' });
    expect(button).toHaveProperty('disabled', false);
    await userEvent.click(button);
    expect(await within(section).findByText(GATHERING)).toBeTruthy();
    expect(within(section).queryByText(FAILED)).toBeNull();
  });

  it('the list does not load: says why and offers to try again', async () => {
    signIn({ verified: true, email: 'tom@example.com' });
    fakeApi.on('GET', EXPORTS, {
      status: 403,
      body: { status: 403, message: 'Only the member can list their exports.', data: {} },
    });
    const section = await openSection();
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Only the member can list their exports.',
    );
    serveExports(() => []);
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(section).queryByRole('alert')).toBeNull());
  });
});
