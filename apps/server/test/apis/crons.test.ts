/**
 * `/api/crons` on both dialects, following PocketBase's `TestCronsList` and `TestCronsRun`
 * (apis/cron_test.go): superusers only, the site's jobs listed by id with PocketBase's own
 * (`__pb…`) last, and a run started at once with a 204 that does not wait for it.
 */
import { describe, expect, it } from 'vitest';
import { CronScheduler, cronProblem } from '../../src/tools/cron';
import { LocalJobLock, type JobLock } from '../../src/tools/job-lock';
import { describeWithFixture } from '../support/fixture';
import { runScenarios, superusersOnly } from '../support/scenarios';
import { waitFor } from '../support/wait';

describeWithFixture('crons API', (getFixture) => {
  let testJobCalls = 0;

  describe('list (TestCronsList)', () => {
    runScenarios(getFixture, [
      ...superusersOnly('GET', '/api/crons'),
      {
        name: 'authorized as superuser',
        method: 'GET',
        url: '/api/crons',
        as: 'superuser',
        status: 200,
        contains: ['{"id":"__pbLogsCleanup__","expression":"0 */6 * * *"}'],
      },
    ]);

    it('lists the site jobs by id before PocketBase own ones', async () => {
      const fixture = getFixture();
      fixture.core.crons.add('zeta', { cron: '@daily' }, () => Promise.resolve());
      fixture.core.crons.add('alpha', { everyMs: 30_000 }, () => Promise.resolve());
      const res = await fixture.server.inject({
        method: 'GET',
        url: '/api/crons',
        headers: { authorization: fixture.tokens.superuser },
      });
      expect(res.json()).toEqual([
        { id: 'alpha', expression: '@every 30s' },
        { id: 'zeta', expression: '@daily' },
        { id: '__pbLogsCleanup__', expression: '0 */6 * * *' },
      ]);
      fixture.core.crons.remove('zeta');
      fixture.core.crons.remove('alpha');
    });
  });

  describe('run (TestCronsRun)', () => {
    it('registers the test job', () => {
      getFixture().core.crons.add('test', { cron: '* * * * *' }, () => {
        testJobCalls++;
        return Promise.resolve();
      });
    });
    runScenarios(getFixture, [
      ...superusersOnly('POST', '/api/crons/test'),
      {
        name: 'authorized as superuser (missing job)',
        method: 'POST',
        url: '/api/crons/missing',
        as: 'superuser',
        status: 404,
        contains: ['"data":{}'],
      },
      {
        name: 'authorized as superuser (existing job)',
        method: 'POST',
        url: '/api/crons/test',
        as: 'superuser',
        status: 204,
      },
    ]);
    it('ran the job exactly once (the refused requests ran nothing)', async () => {
      await waitFor(() => testJobCalls >= 1, 'the test job');
      expect(testJobCalls).toBe(1);
      getFixture().core.crons.remove('test');
    });
  });
});

describe('cron schedules', () => {
  it('accepts PocketBase five-field expressions and macros, and refuses the rest', () => {
    for (const good of ['* * * * *', '0 */6 * * *', '5 4 * * sun', '0 0 1-7 * 1', '@hourly', '@daily'])
      expect(cronProblem(good), good).toBeNull();
    for (const bad of ['', '* * * *', '0 0 * * * *', '61 * * * *', '@sometimes', 'nope'])
      expect(cronProblem(bad), bad).not.toBeNull();
  });

  it('runs a tick through the job lock, so a job held elsewhere is skipped and counted so', async () => {
    const refusing: JobLock = { run: () => Promise.resolve(false) };
    const runs: string[] = [];
    const scheduler = new CronScheduler(refusing, () => undefined);
    scheduler.onRun((run) => runs.push(`${run.id}:${run.outcome}`));
    let calls = 0;
    scheduler.add('held', { everyMs: 20 }, () => {
      calls++;
      return Promise.resolve();
    });
    scheduler.start();
    await waitFor(() => runs.length >= 2, 'two ticks');
    scheduler.stop();
    expect(calls).toBe(0);
    expect(runs.slice(0, 2)).toEqual(['held:skipped', 'held:skipped']);
    // A run asked for by the operator is not held back by another process's lease.
    await scheduler.runNow('held').done;
    expect(calls).toBe(1);
  });

  it('never overlaps two runs of one job in a process, and reports a failure', async () => {
    const failures: string[] = [];
    const scheduler = new CronScheduler(new LocalJobLock(), (error, id) =>
      failures.push(`${id}: ${(error as Error).message}`),
    );
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    scheduler.add('slow', { cron: '@yearly' }, async () => {
      calls++;
      await gate;
      throw new Error('boom');
    });
    const first = scheduler.runNow('slow').done;
    await scheduler.runNow('slow').done;
    release();
    await first;
    expect(calls).toBe(1);
    expect(failures).toEqual(['slow: boom']);
  });
});
