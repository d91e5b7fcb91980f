/**
 * Compiled access conditions kept from one event to the next. With thousands of signed-in
 * subscribers, a rule that reads `@request.auth` (nearly every rule of the community) is one check
 * per member for every event; compiling it is most of that work, and its result does not depend on
 * the record (the record is the snapshot table the condition reads). A kept condition also keeps its
 * SQL text, so the statements that check it are the same text event after event and the database
 * reuses their prepared plans (db/sqlite/driver.ts, db/postgres/prepared-pool.ts) instead of
 * planning a member's filter again for every comment. So a viewer's condition is compiled once and
 * reused while nothing it was compiled from changes:
 * - the viewer: entries hang off the stream's `AuthInfo` object, which is replaced whenever the
 *   account changes (and dropped with it); guests share one table;
 * - the definitions: any collection change (the rule, or a collection the rule reaches into) bumps
 *   the registry's version, which empties the cache;
 * - the clock: a condition that binds a datetime macro (`@now`, `@todayStart`, ...) when it is
 *   compiled, in the rule, the subscriber's filter or the rules of any collection the filter
 *   enters, is never kept.
 * Every compilation shares one alias counter, so any kept conditions can share a statement.
 */
import type { CollectionRegistry } from '../collections/registry';
import type { AuthInfo } from '../rules/request-info';
import type { RawBuilder } from 'kysely';

export type Condition = RawBuilder<unknown> | boolean;

/** A check compiled for one viewer: its condition and what it costs per event (costs.ts). */
export interface PreparedCheck {
  condition: Condition;
  cost: number;
}

/** `@` words other than `@request` and `@collection` are datetime macros. */
const MACRO = /@(?!request\b|collection\b)[A-Za-z]/;
/** Guests' entries are few (one per distinct subscription shape); this only bounds a pathological case. */
const MAX_GUEST_ENTRIES = 10_000;

/** Whether a rule or filter text binds the clock when compiled. */
export const readsClock = (text: string | null | undefined): boolean => MACRO.test(text ?? '');

/**
 * Whether a condition that read these dependency keys (`collection` or `collection.field`, as the
 * compiler reports them) entered a collection whose rules bind the clock.
 */
export function reachesClock(registry: CollectionRegistry, reads: Iterable<string>): boolean {
  const names = new Set<string>();
  for (const key of reads) names.add(key.split('.')[0]!);
  for (const name of names) {
    const collection = registry.find(name);
    if (!collection) continue;
    if (readsClock(collection.listRule) || readsClock(collection.viewRule)) return true;
    if (collection.fields.some((field) => readsClock(field.readRule))) return true;
  }
  return false;
}

export class ConditionCache {
  /** The alias counter of every condition compiled for realtime delivery. */
  readonly counter = { next: 0 };
  private version = -1;
  private guests = new Map<string, PreparedCheck>();
  private viewers = new WeakMap<AuthInfo, Map<string, PreparedCheck>>();

  get(version: number, viewer: AuthInfo | null, key: string): PreparedCheck | undefined {
    if (version !== this.version) {
      this.version = version;
      this.guests = new Map();
      this.viewers = new WeakMap();
      return undefined;
    }
    return (viewer ? this.viewers.get(viewer) : this.guests)?.get(key);
  }

  set(viewer: AuthInfo | null, key: string, prepared: PreparedCheck): void {
    if (!viewer) {
      if (this.guests.size >= MAX_GUEST_ENTRIES) this.guests.clear();
      this.guests.set(key, prepared);
      return;
    }
    let entries = this.viewers.get(viewer);
    if (!entries) this.viewers.set(viewer, (entries = new Map<string, PreparedCheck>()));
    entries.set(key, prepared);
  }
}
