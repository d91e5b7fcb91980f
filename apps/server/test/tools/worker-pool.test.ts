/**
 * The worker pool (tools/workers/pool.ts): jobs run in worker threads and answer as they would in
 * process; a job over its time or memory limit fails as too costly and the pool goes on with a fresh
 * worker; a full queue and an owner's second job are refused at once; a job whose caller leaves stops.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderChapter, type ChapterTask } from '../../src/tools/epub/chapter';
import {
  JobAbortedError,
  JobTooCostlyError,
  OwnerBusyError,
  PoolBusyError,
  WorkerPool,
  type WorkLimits,
} from '../../src/tools/workers/pool';

const chapter = (markdown: string): ChapterTask => ({ kind: 'epub-chapter', markdown, images: [] });
/** About 1.7 MB of ordinary markdown: seconds of work and well over 100 MB of syntax trees. */
const LONG = chapter('The giant looked *down* at the [tiny](https://example.com) town.\n\n'.repeat(30_000));

// Each test starts workers that load the renderer: seconds on a loaded machine.
describe('worker pool', { timeout: 120_000 }, () => {
  const pools: WorkerPool[] = [];
  const pool = (limits: Partial<WorkLimits> = {}) => {
    const made = new WorkerPool(limits);
    pools.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('renders a chapter in a worker as it renders in process', async () => {
    const task: ChapterTask = {
      kind: 'epub-chapter',
      markdown: '# Up\n\nShe looked *up*. ![Map](map_a1b2c3d4e5.png)',
      images: [{ name: 'map_a1b2c3d4e5.png', href: 'images/image-1.png' }],
    };
    const answer = await pool().run(task, task.markdown.length);
    expect(answer).toEqual(renderChapter(task));
    expect(answer).toMatchObject({ used: [0] });
  });

  it('a job over its memory limit is too costly, and the next job gets a fresh worker', async () => {
    const small = pool({ threads: 1, memoryLimitMb: 32 });
    await expect(small.run(LONG, LONG.markdown.length)).rejects.toEqual(new JobTooCostlyError('memory'));
    await expect(small.run(chapter('*fine*'), 6)).resolves.toEqual({
      xhtml: '<p><em>fine</em></p>',
      used: [],
    });
  });

  it('a job over its time limit is too costly; the limit grows with the size of the input', async () => {
    // No worker renders 1.7 MB of markdown in a millisecond.
    const hurried = pool({ threads: 1, timeLimitMs: 1, timeLimitMsPerMb: 0, startupAllowanceMs: 0 });
    await expect(hurried.run(LONG, LONG.markdown.length)).rejects.toEqual(new JobTooCostlyError('time'));
    await expect(pool().run(chapter('*fine*'), 6)).resolves.toMatchObject({ used: [] });
  });

  it('refuses a job when every worker is busy and the queue is full, and an owner their second job', async () => {
    const one = pool({ threads: 1, maxQueue: 0 });
    const controller = new AbortController();
    const running = one.run(LONG, LONG.markdown.length, { owner: 'alice', signal: controller.signal });
    await expect(one.run(chapter('a'), 1, { owner: 'bob' })).rejects.toEqual(new PoolBusyError());
    const queued = pool({ threads: 1, maxQueue: 4 });
    const first = queued.run(chapter('a'), 1, { owner: 'alice' });
    await expect(queued.run(chapter('b'), 1, { owner: 'alice' })).rejects.toEqual(new OwnerBusyError());
    await expect(first).resolves.toMatchObject({ used: [] });
    controller.abort();
    await expect(running).rejects.toEqual(new JobAbortedError());
  });

  it('a job whose caller leaves stops, waiting or running, and frees its place', async () => {
    const one = pool({ threads: 1, maxQueue: 1 });
    const leaving = new AbortController();
    const running = one.run(LONG, LONG.markdown.length, { owner: 'alice', signal: leaving.signal });
    const waiting = new AbortController();
    const queued = one.run(chapter('b'), 1, { owner: 'bob', signal: waiting.signal });
    expect(one.stats()).toEqual({ running: 1, queued: 1 });
    waiting.abort();
    await expect(queued).rejects.toEqual(new JobAbortedError());
    leaving.abort();
    await expect(running).rejects.toEqual(new JobAbortedError());
    await vi.waitFor(() => expect(one.stats()).toEqual({ running: 0, queued: 0 }));
    // Alice may start again: her place was freed.
    await expect(one.run(chapter('again'), 5, { owner: 'alice' })).resolves.toMatchObject({ used: [] });
  });
});
