/**
 * The barrier behind permission changes (core/settled-changes.ts) on a bus of its own: the writer waits
 * for as many answers as processes received the barrier, answers for itself never count, and a
 * process that never answers delays the writer only up to the time limit, and is reported.
 */
import { describe, expect, it } from 'vitest';
import type { RealtimeBus, RealtimeHandler, RealtimeMessage } from '../../src/core/realtime/bus';
import { SettledChanges } from '../../src/core/settled-changes';

/** A shared bus between in-memory "processes"; `silent` ones receive but never answer. */
class TestNetwork {
  readonly processes: Array<{ handlers: Set<RealtimeHandler>; silent: boolean }> = [];

  join(silent = false): RealtimeBus {
    const member = { handlers: new Set<RealtimeHandler>(), silent };
    this.processes.push(member);
    return {
      shared: true,
      publish: (message: RealtimeMessage) => {
        const others = this.processes.filter((p) => p !== member);
        for (const p of [member, ...others])
          for (const handler of p.handlers) queueMicrotask(() => handler(structuredClone(message)));
        return Promise.resolve(others.length);
      },
      subscribe: (handler) => {
        if (!member.silent) member.handlers.add(handler);
        return () => member.handlers.delete(handler);
      },
      close: () => Promise.resolve(),
    };
  }
}

describe('settled changes', () => {
  it('waits until every other process has applied what came before', async () => {
    const network = new TestNetwork();
    let applying = Promise.resolve();
    const applied: string[] = [];
    const writer = new SettledChanges(
      network.join(),
      () => Promise.resolve(),
      () => undefined,
    );
    const other = new SettledChanges(
      network.join(),
      () => applying,
      () => undefined,
    );
    let finish!: () => void;
    applying = new Promise<void>((resolve) => (finish = resolve)).then(() => {
      applied.push('reloaded');
    });
    const settled = writer.settle().then(() => applied.push('settled'));
    // The other process is still reading definitions again: the writer waits for it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(applied).toEqual([]);
    finish();
    await settled;
    expect(applied).toEqual(['reloaded', 'settled']);
    writer.close();
    other.close();
  });

  it('answers without a process that never confirms, after the time limit, and reports it', async () => {
    const network = new TestNetwork();
    const reported: string[] = [];
    const writer = new SettledChanges(
      network.join(),
      () => Promise.resolve(),
      (error) => reported.push(String(error)),
      20,
    );
    const answering = new SettledChanges(
      network.join(),
      () => Promise.resolve(),
      () => undefined,
    );
    network.join(true);
    await writer.settle();
    expect(reported).toEqual(['Error: 1 of 2 other processes did not confirm in 20 ms']);
    writer.close();
    answering.close();
  });

  it('answers when the bus cannot be reached, and reports it', async () => {
    const reported: string[] = [];
    const unreachable: RealtimeBus = {
      shared: true,
      publish: () => Promise.reject(new Error('Connection is closed.')),
      subscribe: () => () => undefined,
      close: () => Promise.resolve(),
    };
    const settled = new SettledChanges(
      unreachable,
      () => Promise.resolve(),
      (error, message) => reported.push(`${message}: ${String(error)}`),
    );
    await settled.settle();
    expect(reported).toEqual(['change not settled across processes: Error: Connection is closed.']);
  });

  it('alone, settles at once and counts the changes it is told of', async () => {
    const alone: RealtimeBus = {
      shared: false,
      publish: () => Promise.reject(new Error('nothing is published alone')),
      subscribe: () => () => undefined,
      close: () => Promise.resolve(),
    };
    const settled = new SettledChanges(
      alone,
      () => Promise.resolve(),
      () => undefined,
    );
    settled.changed();
    expect(settled.epoch).toBe(1);
    await settled.settle();
  });
});
