/**
 * Changes that decide what a caller may do take effect on every process before the request that made
 * them is answered: an auth record updated or deleted (a ban, a role, "sign out everywhere"), a
 * collection's definition (its rules), the settings. Each process already tells the others what it
 * changed over the bus; a request during which such a change committed ends with a barrier: a
 * `settle` message, published after those changes, that every other process answers with `settled`
 * once it has applied everything it received before it (definitions read again included). Redis
 * delivers one publisher's messages in order and PUBLISH says how many processes received one, so
 * the writer knows how many answers to wait for. A process that does not answer within the time
 * limit (stalled, or gone without unsubscribing) is reported, and the request is answered anyway.
 *
 * Alone (the in-process bus), there is nobody to wait for and `settle` returns at once.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeBus, RealtimeMessage } from './realtime/bus';

/** How long a writer waits for the other processes before answering without them. */
export const SETTLE_TIMEOUT_MS = 2000;

interface Waiting {
  /** Answers still missing; goes below zero when answers arrive before PUBLISH returns. */
  left: number;
  done: () => void;
}

export class SettledChanges {
  /**
   * Counts the changes that need settling. A request notes it when it starts and settles when it
   * changed before the answer is sent (a request running beside the change may wait too: harmless).
   */
  epoch = 0;
  private readonly waiting = new Map<string, Waiting>();
  private readonly stop: () => void;

  constructor(
    private readonly bus: RealtimeBus,
    /** This process's own work in progress on what it received (definitions being read again). */
    private readonly applied: () => Promise<unknown>,
    private readonly report: (error: unknown, message: string) => void,
    private readonly timeoutMs = SETTLE_TIMEOUT_MS,
  ) {
    this.stop = bus.shared ? bus.subscribe((message) => this.receive(message)) : () => undefined;
  }

  /** Called when a change that decides permissions committed in this process. */
  changed(): void {
    this.epoch += 1;
  }

  /** Resolves once every other process has applied what this one published so far. */
  async settle(): Promise<void> {
    if (!this.bus.shared) return;
    const id = randomUUID();
    let done!: () => void;
    const answered = new Promise<void>((resolve) => (done = resolve));
    const waiting: Waiting = { left: 0, done };
    this.waiting.set(id, waiting);
    let timer: NodeJS.Timeout | undefined;
    try {
      // Redis unreachable: each process works on its own (docs/operations.md), and so does this answer.
      const others = await this.bus.publish({ type: 'settle', id }).catch((error: unknown) => {
        this.report(error, 'change not settled across processes');
        return 0;
      });
      waiting.left += others;
      if (waiting.left <= 0) return;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), this.timeoutMs);
      });
      if (await Promise.race([answered.then(() => false), timedOut]))
        this.report(
          new Error(`${waiting.left} of ${others} other processes did not confirm in ${this.timeoutMs} ms`),
          'change not settled across processes',
        );
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  close(): void {
    this.stop();
    for (const waiting of this.waiting.values()) waiting.done();
    this.waiting.clear();
  }

  private receive(message: RealtimeMessage): void {
    if (message.type === 'settle') {
      // Our own barrier comes back to us too: only the others answer it.
      if (this.waiting.has(message.id)) return;
      this.applied()
        .then(() => this.bus.publish({ type: 'settled', id: message.id }))
        .catch((error: unknown) => this.report(error, 'settle not answered'));
      return;
    }
    if (message.type !== 'settled') return;
    const waiting = this.waiting.get(message.id);
    if (!waiting) return;
    waiting.left -= 1;
    if (waiting.left <= 0) waiting.done();
  }
}
