/**
 * Compiled access conditions kept from one event to the next. With thousands of signed-in
 * subscribers, a rule that reads `@request.auth` (nearly every rule of the community) is one check
 * per member for every event; compiling it is most of that work, and its result does not depend on
 * the record (the record is the snapshot table the condition reads). So a viewer's condition is
 * compiled once and reused while nothing it was compiled from changes:
 * - the viewer: entries hang off the stream's `AuthInfo` object, which is replaced whenever the
 *   account changes (and dropped with it); guests share one table;
 * - the definitions: any collection change (the rule, or a collection the rule reaches into) bumps
 *   the registry's version, which empties the cache;
 * - the clock: a rule with a datetime macro (`@now`, `@todayStart`, ...) binds the time when it is
 *   compiled, so it is never cached; nor are subscriber filters, which pull in other collections'
 *   list and read rules.
 * Every compilation shares one alias counter, so any cached conditions can share a statement.
 */
import type { RawBuilder } from 'kysely';
import type { AuthInfo } from '../rules/request-info';

export type Condition = RawBuilder<unknown> | boolean;

/** `@` words other than `@request` and `@collection` are datetime macros. */
const MACRO = /@(?!request\b|collection\b)[A-Za-z]/;
/** Guests' entries are few (one per distinct subscription shape); this only bounds a pathological case. */
const MAX_GUEST_ENTRIES = 10_000;

export class ConditionCache {
  /** The alias counter of every condition compiled for realtime delivery. */
  readonly counter = { next: 0 };
  private version = -1;
  private guests = new Map<string, Condition>();
  private viewers = new WeakMap<AuthInfo, Map<string, Condition>>();

  /** Whether a check with this rule and filter may be cached at all. */
  static cacheable(rule: string | null, filter: string): boolean {
    return filter === '' && !MACRO.test(rule ?? '');
  }

  get(version: number, viewer: AuthInfo | null, key: string): Condition | undefined {
    if (version !== this.version) {
      this.version = version;
      this.guests = new Map();
      this.viewers = new WeakMap();
      return undefined;
    }
    return (viewer ? this.viewers.get(viewer) : this.guests)?.get(key);
  }

  set(viewer: AuthInfo | null, key: string, condition: Condition): void {
    if (!viewer) {
      if (this.guests.size >= MAX_GUEST_ENTRIES) this.guests.clear();
      this.guests.set(key, condition);
      return;
    }
    let entries = this.viewers.get(viewer);
    if (!entries) this.viewers.set(viewer, (entries = new Map<string, Condition>()));
    entries.set(key, condition);
  }
}
