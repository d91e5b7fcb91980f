/**
 * The deliveries whose cost a member shaped (their own filter or expand, classes.ts), taken off the
 * path of everyone else's events. The service delivers an event to the plain subscriptions at once
 * and queues one task per account for the rest; tasks run one at a time in the order queued, so
 * each account's streams still see a record's changes in commit order, with a turn of the event
 * loop between tasks (requests and other streams are served in between).
 *
 * Each task is bounded by the account's budget (costs.ts). An account whose tasks pile up faster than
 * they run (its checks are slow, or it floods its own subscriptions) stops receiving new events until
 * its backlog drains: its streams miss those events, as a client that reads too slowly would, and
 * nobody else waits for them.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Events one account may have waiting for delivery before its new ones are dropped. */
export const MAX_PENDING_PER_ACCOUNT = 100;

export type DropReporter = (account: string) => void;

export class MemberLanes {
  private queue: Promise<void> = Promise.resolve();
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly report: (error: unknown, message: string) => void,
    private readonly onDrop: DropReporter = () => undefined,
  ) {}

  /** Queues an account's delivery; false, with nothing queued, while that account's backlog is full. */
  push(account: string, task: () => Promise<void>): boolean {
    const waiting = this.pending.get(account) ?? 0;
    if (waiting >= MAX_PENDING_PER_ACCOUNT) {
      this.onDrop(account);
      return false;
    }
    this.pending.set(account, waiting + 1);
    this.queue = this.queue
      .then(() => nextTurn())
      .then(task)
      .catch((error: unknown) => this.report(error, 'realtime delivery failed'))
      .finally(() => {
        const left = (this.pending.get(account) ?? 1) - 1;
        if (left === 0) this.pending.delete(account);
        else this.pending.set(account, left);
      });
    return true;
  }

  /** Resolves once every queued task has run. */
  idle(): Promise<void> {
    return this.queue;
  }
}
