/**
 * `/api/logs` and the request logger, on both dialects. The tables follow PocketBase's
 * `TestLogsList`, `TestLogView` and `TestLogsStats` (apis/logs_test.go) over the same two stored
 * entries as its `tests.StubLogsData`; the request-logger tests follow what `logRequest`
 * (apis/middlewares.go) stores and what `settings.logs` changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGS_CLEANUP_JOB } from '../../src/core/logs';
import type { Fixture } from '../support/fixture';
import { describeWithFixture } from '../support/fixture';
import { runScenarios, superusersOnly } from '../support/scenarios';
import { sleep } from '../support/wait';

const FIRST = '873f2133-9f38-44fb-bf82-c8f53b310d91';
const SECOND = 'f2133873-44fb-9f38-bf82-c918f53b310d';

/** Two entries, a day apart, as PocketBase's tests.StubLogsData writes them. */
async function stubLogs(fixture: Fixture): Promise<void> {
  const { logs } = fixture.core;
  await logs.writer.flush();
  await logs.store.deleteCreatedUpTo('9999-12-31 23:59:59.999Z');
  await logs.store.insert([
    {
      id: FIRST,
      level: 0,
      message: 'test_message1',
      data: { status: 200 },
      created: '2022-05-01 10:00:00.123Z',
    },
    {
      id: SECOND,
      level: 8,
      message: 'test_message2',
      data: { status: 400 },
      created: '2022-05-02 10:00:00.123Z',
    },
  ]);
}

async function setLogs(fixture: Fixture, logs: Record<string, unknown>): Promise<void> {
  await fixture.core.settings.update(fixture.core.db.kysely, { logs });
}

describeWithFixture('logs API', (getFixture) => {
  beforeAll(async () => {
    // The scenarios' own requests would add entries; PocketBase's tests read the stub alone too.
    await setLogs(getFixture(), { maxDays: 0 });
    await stubLogs(getFixture());
  });

  describe('list (TestLogsList)', () => {
    runScenarios(getFixture, [
      ...superusersOnly('GET', '/api/logs'),
      {
        name: 'authorized as superuser',
        method: 'GET',
        url: '/api/logs',
        as: 'superuser',
        status: 200,
        contains: [
          '"page":1',
          '"perPage":30',
          '"totalItems":2',
          '"items":[{',
          `"id":"${FIRST}"`,
          `"id":"${SECOND}"`,
        ],
      },
      {
        name: 'authorized as superuser + filter',
        method: 'GET',
        url: '/api/logs?filter=data.status>200',
        as: 'superuser',
        status: 200,
        contains: ['"page":1', '"perPage":30', '"totalItems":1', '"items":[{', `"id":"${SECOND}"`],
        notContains: [FIRST],
      },
      {
        name: 'filter and sort over level, message and created (extension of the table)',
        method: 'GET',
        url: `/api/logs?filter=${encodeURIComponent("level >= 0 && message ~ 'test_' && created > '2022-01-01'")}&sort=created&perPage=1`,
        as: 'superuser',
        status: 200,
        contains: ['"perPage":1', '"totalItems":2', '"totalPages":2', `"id":"${FIRST}"`],
        notContains: [SECOND],
      },
      {
        name: 'a filter on a field logs do not have is a 400',
        method: 'GET',
        url: `/api/logs?filter=${encodeURIComponent("password = 'x'")}`,
        as: 'superuser',
        status: 400,
        contains: ['"data":{}'],
      },
    ]);
  });

  describe('view (TestLogView)', () => {
    runScenarios(getFixture, [
      ...superusersOnly('GET', `/api/logs/${FIRST}`),
      {
        name: 'authorized as superuser (nonexisting request log)',
        method: 'GET',
        url: '/api/logs/missing1-9f38-44fb-bf82-c8f53b310d91',
        as: 'superuser',
        status: 404,
        contains: ['"data":{}'],
      },
      {
        name: 'authorized as superuser (existing request log)',
        method: 'GET',
        url: `/api/logs/${FIRST}`,
        as: 'superuser',
        status: 200,
        contains: [`"id":"${FIRST}"`, '"level":0', '"message":"test_message1"', '"data":{"status":200}'],
      },
    ]);
  });

  describe('stats (TestLogsStats)', () => {
    runScenarios(getFixture, [
      ...superusersOnly('GET', '/api/logs/stats'),
      {
        name: 'authorized as superuser',
        method: 'GET',
        url: '/api/logs/stats',
        as: 'superuser',
        status: 200,
        contains: [
          '[{"date":"2022-05-01 10:00:00.000Z","total":1},{"date":"2022-05-02 10:00:00.000Z","total":1}]',
        ],
      },
      {
        name: 'authorized as superuser + filter',
        method: 'GET',
        url: '/api/logs/stats?filter=data.status>200',
        as: 'superuser',
        status: 200,
        contains: ['[{"date":"2022-05-02 10:00:00.000Z","total":1}]'],
      },
      {
        name: 'an invalid filter',
        method: 'GET',
        url: `/api/logs/stats?filter=${encodeURIComponent('data.status >')}`,
        as: 'superuser',
        status: 400,
        contains: ['"message":"Invalid filter format."'],
      },
    ]);
  });
});

describeWithFixture('request logger', (getFixture) => {
  /** The entries whose message is `message`, once the writer has stored them. */
  async function entriesFor(message: string) {
    const fixture = getFixture();
    await fixture.core.logs.writer.flush();
    const page = await fixture.core.logs.store.list({
      page: 1,
      perPage: 50,
      filter: `message = ${JSON.stringify(message)}`,
    });
    return page.items;
  }

  it('stores a request as PocketBase does: type, url, method, status, execTime, auth and addresses', async () => {
    const fixture = getFixture();
    await setLogs(fixture, { maxDays: 5, minLevel: 0, logIP: true, logAuthId: false });
    const res = await fixture.server.inject({
      method: 'GET',
      url: '/api/collections/posts/records?perPage=2',
      headers: {
        authorization: fixture.tokens.alice,
        'user-agent': 'log-test',
        referer: 'http://example.org/a',
      },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesFor('GET /api/collections/posts/records?perPage=2');
    expect(entry).toMatchObject({
      level: 0,
      data: {
        type: 'request',
        url: '/api/collections/posts/records?perPage=2',
        method: 'GET',
        status: 200,
        auth: 'members',
        userAgent: 'log-test',
        referer: 'http://example.org/a',
        userIP: '127.0.0.1',
        remoteIP: '127.0.0.1',
      },
    });
    expect(typeof entry?.data.execTime).toBe('number');
    expect(entry?.data).not.toHaveProperty('authId');
    expect(entry?.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('stores a failed request at the error level with its message and field details', async () => {
    const fixture = getFixture();
    const res = await fixture.server.inject({
      method: 'POST',
      url: '/api/collections/posts/records',
      headers: { authorization: fixture.tokens.alice },
      payload: { author: 'aliceaaaaaaaaaa' },
    });
    expect(res.statusCode).toBe(400);
    const [entry] = await entriesFor('POST /api/collections/posts/records');
    expect(entry).toMatchObject({
      level: 8,
      data: {
        status: 400,
        error: 'Failed to create record.',
        details: { title: { code: 'validation_required' } },
      },
    });
  });

  it('keeps credentials in query strings out of the stored url', async () => {
    const fixture = getFixture();
    await fixture.server.inject({ method: 'GET', url: '/api/files/posts/x/y.png?token=secret-file-token' });
    const [entry] = await entriesFor('GET /api/files/posts/x/y.png?token=[redacted]');
    expect(entry?.data.url).toBe('/api/files/posts/x/y.png?token=[redacted]');
  });

  it('honours logIP and logAuthId', async () => {
    const fixture = getFixture();
    await setLogs(fixture, { logIP: false, logAuthId: true });
    await fixture.server.inject({
      method: 'GET',
      url: '/api/collections/posts/records?perPage=3',
      headers: { authorization: fixture.tokens.bob },
    });
    const [entry] = await entriesFor('GET /api/collections/posts/records?perPage=3');
    expect(entry?.data).toMatchObject({ auth: 'members', authId: 'bobbbbbbbbbbbbb' });
    expect(entry?.data).not.toHaveProperty('userIP');
    expect(entry?.data).not.toHaveProperty('remoteIP');
    await setLogs(fixture, { logIP: true, logAuthId: false });
  });

  it('keeps only entries at minLevel or above, and nothing when maxDays is 0', async () => {
    const fixture = getFixture();
    await setLogs(fixture, { minLevel: 8 });
    await fixture.server.inject({ method: 'GET', url: '/api/collections/posts/records?perPage=4' });
    await fixture.server.inject({ method: 'GET', url: '/api/collections/nothing/records?perPage=4' });
    expect(await entriesFor('GET /api/collections/posts/records?perPage=4')).toHaveLength(0);
    expect(await entriesFor('GET /api/collections/nothing/records?perPage=4')).toHaveLength(1);
    await setLogs(fixture, { minLevel: 0, maxDays: 0 });
    await fixture.server.inject({ method: 'GET', url: '/api/collections/nothing/records?perPage=5' });
    expect(await entriesFor('GET /api/collections/nothing/records?perPage=5')).toHaveLength(0);
    await setLogs(fixture, { maxDays: 5 });
  });

  it('logs reading the logs only when it fails (SkipSuccessActivityLog)', async () => {
    const fixture = getFixture();
    await fixture.server.inject({
      method: 'GET',
      url: '/api/logs?perPage=7',
      headers: { authorization: fixture.tokens.superuser },
    });
    await fixture.server.inject({ method: 'GET', url: '/api/logs?perPage=8' });
    expect(await entriesFor('GET /api/logs?perPage=7')).toHaveLength(0);
    expect(await entriesFor('GET /api/logs?perPage=8')).toMatchObject([{ level: 8, data: { status: 401 } }]);
  });

  it('writes entries in the background: a second after the request at the latest', async () => {
    const fixture = getFixture();
    await fixture.server.inject({ method: 'GET', url: '/api/collections/posts/records?perPage=9' });
    // No flush here: the writer's own timer stores the batch.
    const stored = () =>
      fixture.core.logs.store.list({
        page: 1,
        perPage: 1,
        filter: 'message = "GET /api/collections/posts/records?perPage=9"',
      });
    const deadline = Date.now() + 10_000;
    while ((await stored()).totalItems === 0) {
      if (Date.now() > deadline) throw new Error('the entry was not stored within 10 s');
      await sleep(50);
    }
  });

  it('the clean-up job removes entries older than maxDays (__pbLogsCleanup__)', async () => {
    const fixture = getFixture();
    await setLogs(fixture, { maxDays: 2 });
    await fixture.core.logs.store.insert([
      { id: 'old-entry', level: 0, message: 'old', data: {}, created: '2001-01-01 00:00:00.000Z' },
    ]);
    expect(fixture.core.crons.list().map((job) => job.id)).toContain(LOGS_CLEANUP_JOB);
    const { found, done } = fixture.core.crons.runNow(LOGS_CLEANUP_JOB);
    expect(found).toBe(true);
    await done;
    expect(await fixture.core.logs.store.find('old-entry')).toBeUndefined();
    // What is newer stays (the requests of the tests before this one).
    const kept = await fixture.core.logs.store.list({ page: 1, perPage: 1 });
    expect(kept.totalItems).toBeGreaterThan(0);
    await setLogs(fixture, { maxDays: 5 });
  });
});
