/**
 * `/api/metrics` on both dialects: superusers only, and a scrape that a Prometheus text parser
 * reads, with requests counted per route group, Node's event-loop delay, the answer cache, the job
 * runs, the realtime clients and events, the mailer and (on PostgreSQL) the connection pool.
 */
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { expect, it } from 'vitest';
import { describeWithFixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';

describeWithFixture('metrics', (getFixture) => {
  runScenarios(getFixture, [
    { name: 'unauthorized', method: 'GET', url: '/api/metrics', status: 401, contains: ['"data":{}'] },
    {
      name: 'a member',
      method: 'GET',
      url: '/api/metrics',
      as: 'alice',
      status: 403,
      contains: ['"data":{}'],
    },
  ]);

  async function scrape(): Promise<Map<string, PrometheusFamily>> {
    const fixture = getFixture();
    const res = await fixture.server.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: fixture.tokens.superuser },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return new Map(parsePrometheusTextFormat(res.body).map((family) => [family.name, family]));
  }

  const valueOf = (family: PrometheusFamily | undefined, labels: Record<string, string>) =>
    Number(
      family?.metrics.find((sample) => Object.entries(labels).every(([k, v]) => sample.labels?.[k] === v))
        ?.value ?? 0,
    );

  it('counts and times requests per route group, and grows with them', async () => {
    const fixture = getFixture();
    const before = valueOf((await scrape()).get('community_http_requests_total'), {
      group: 'records',
      method: 'GET',
      status: '2xx',
    });
    for (let i = 0; i < 3; i++)
      await fixture.server.inject({
        method: 'GET',
        url: '/api/collections/posts/records',
        headers: { authorization: fixture.tokens.alice },
      });
    await fixture.server.inject({ method: 'GET', url: '/api/collections/nothing/records' });
    const metrics = await scrape();
    const requests = metrics.get('community_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    expect(valueOf(requests, { group: 'records', method: 'GET', status: '2xx' })).toBe(before + 3);
    expect(valueOf(requests, { group: 'records', method: 'GET', status: '4xx' })).toBeGreaterThanOrEqual(1);
    const latency = metrics.get('community_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    // This parser folds a labelled histogram's series into one set of buckets (its documented
    // limit), so only the buckets are read here; the counter above gives the counts per group.
    expect(Object.keys(latency?.metrics[0]?.buckets ?? {})).toEqual(expect.arrayContaining(['0.1', '+Inf']));
    // No series per URL: the collection's name is not a label value anywhere.
    expect(JSON.stringify([...metrics.values()])).not.toContain('/api/collections/posts');
  });

  it("includes Node's event-loop delay and the answer cache", async () => {
    const fixture = getFixture();
    // The same list twice: the second is answered from the cache.
    for (let i = 0; i < 2; i++)
      await fixture.server.inject({
        method: 'GET',
        url: '/api/collections/posts/records?sort=-created',
        headers: { authorization: fixture.tokens.bob },
      });
    const metrics = await scrape();
    expect(metrics.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(metrics.get('nodejs_eventloop_lag_p99_seconds')).toBeDefined();
    const lookups = metrics.get('community_answer_cache_lookups_total');
    expect(valueOf(lookups, { kind: 'answer', outcome: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(Number(metrics.get('community_answer_cache_bytes')?.metrics[0]?.value)).toBeGreaterThan(0);
    expect(metrics.get('community_answer_cache_evictions_total')).toBeDefined();
  });

  it('counts job runs, realtime clients and events, mails and the pool', async () => {
    const fixture = getFixture();
    await fixture.core.crons.runNow('__pbLogsCleanup__').done;
    await fixture.server.inject({
      method: 'POST',
      url: '/api/collections/posts/records',
      headers: { authorization: fixture.tokens.alice },
      payload: { title: 'Counted', author: 'aliceaaaaaaaaaa' },
    });
    const metrics = await scrape();
    expect(
      valueOf(metrics.get('community_job_runs_total'), { job: '__pbLogsCleanup__', outcome: 'done' }),
    ).toBe(1);
    expect(
      valueOf(metrics.get('community_realtime_events_total'), { action: 'create' }),
    ).toBeGreaterThanOrEqual(1);
    expect(metrics.get('community_realtime_clients')?.metrics[0]?.value).toBe('0');
    expect(metrics.get('community_mail_sending')?.metrics[0]?.value).toBe('0');
    if (fixture.core.db.dialect === 'postgres') {
      expect(metrics.get('community_db_pool_waiting')?.metrics[0]?.value).toBe('0');
      expect(valueOf(metrics.get('community_db_pool_connections'), { state: 'idle' })).toBeGreaterThan(0);
    } else expect(metrics.get('community_db_pool_waiting')).toBeUndefined();
  });
});
