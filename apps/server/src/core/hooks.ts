/**
 * The event bus site behaviour plugs into. `before*`/`after*` handlers run inside the record's
 * transaction (a throw rolls the whole write back); `*Committed` handlers run after the commit and are
 * what realtime listens to. Handlers run in registration order and are awaited one by one.
 */
import type { AnyKysely } from '../db/types';
import type { Collection } from './collections/model';
import type { RecordData } from './records/record';
import type { WriteScope } from './records/scope';
import type { RequestInfo } from './rules/request-info';

export interface RecordEvent {
  collection: Collection;
  record: RecordData;
  /** The stored values before an update or delete. */
  previous?: RecordData;
  /** The transaction the write runs in; handlers write through it to stay atomic with the record. */
  db: AnyKysely;
  /** The write's scope: pass it to nested record writes so their events follow the same commit. */
  scope: WriteScope;
  request: RequestInfo;
}

export type RecordCommittedEvent = Omit<RecordEvent, 'db' | 'scope'>;

export interface HookEvents {
  beforeCreate: RecordEvent;
  afterCreate: RecordEvent;
  beforeUpdate: RecordEvent;
  afterUpdate: RecordEvent;
  beforeDelete: RecordEvent;
  afterDelete: RecordEvent;
  createCommitted: RecordCommittedEvent;
  updateCommitted: RecordCommittedEvent;
  deleteCommitted: RecordCommittedEvent;
}

export type HookName = keyof HookEvents;
type Handler<E> = (event: E) => Promise<void> | void;

export class Hooks {
  private readonly handlers = new Map<HookName, Array<{ collection: string | null; run: Handler<never> }>>();

  /** Listens to an event, for every collection or for one (by name). Returns a function that unsubscribes. */
  on<N extends HookName>(
    name: N,
    handler: Handler<HookEvents[N]>,
    collection: string | null = null,
  ): () => void {
    const list = this.handlers.get(name) ?? [];
    const entry = { collection, run: handler as Handler<never> };
    list.push(entry);
    this.handlers.set(name, list);
    return () => {
      const index = list.indexOf(entry);
      if (index >= 0) list.splice(index, 1);
    };
  }

  async emit<N extends HookName>(name: N, event: HookEvents[N]): Promise<void> {
    for (const entry of this.handlers.get(name) ?? []) {
      if (entry.collection === null || entry.collection === event.collection.name) {
        await (entry.run as Handler<HookEvents[N]>)(event);
      }
    }
  }
}
