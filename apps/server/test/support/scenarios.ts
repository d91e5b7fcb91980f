/**
 * API scenario tables in the manner of PocketBase's `tests.ApiScenario`: each row names a request, the
 * status it must get, fragments the compacted JSON body must and must not contain, and the hook events
 * it must fire. Tables run on every dialect against a fresh fixture per table.
 */
import { expect, it, onTestFinished } from 'vitest';
import type { HookName, Hooks } from '../../src/core/hooks';
import type { Fixture } from './fixture';

export type Caller = 'guest' | 'alice' | 'bob' | 'mod' | 'superuser';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'HEAD';
  url: string;
  as?: Caller;
  /** The request body, or a function making it when the test runs (tokens, ids made by earlier rows). */
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  contains?: string[];
  notContains?: string[];
  /** Exact counts of fired hook events; events not listed must not fire when `onlyEvents` is set. */
  events?: Partial<Record<HookName, number>>;
  onlyEvents?: boolean;
  after?: (fixture: Fixture, body: unknown) => Promise<void> | void;
}

/** Every hook event (the record makes the compiler name a new one here too). */
const HOOK_NAMES = Object.keys({
  beforeCreate: true,
  afterCreate: true,
  beforeUpdate: true,
  afterUpdate: true,
  beforeDelete: true,
  afterDelete: true,
  createCommitted: true,
  updateCommitted: true,
  deleteCommitted: true,
} satisfies Record<HookName, true>) as HookName[];

/**
 * Counts the events `hooks` fires until the returned `stop` is called. The fixture registers no
 * site hooks, so nothing that runs before the counter can stop an event from reaching it.
 */
function countEvents(hooks: Hooks): { fired: Map<HookName, number>; stop(): void } {
  const fired = new Map<HookName, number>();
  const stops = HOOK_NAMES.map((name) =>
    hooks.on(name, () => void fired.set(name, (fired.get(name) ?? 0) + 1)),
  );
  return { fired, stop: () => stops.forEach((stop) => stop()) };
}

/**
 * PocketBase's first two rows of every superusers-only table: a guest gets 401 and a member 403,
 * both with an empty `data`.
 */
export function superusersOnly(method: Scenario['method'], url: string): Scenario[] {
  return [
    { name: 'unauthorized', method, url, status: 401, contains: ['"data":{}'] },
    { name: 'authorized as regular user', method, url, as: 'alice', status: 403, contains: ['"data":{}'] },
  ];
}

export function runScenarios(getFixture: () => Fixture, scenarios: Scenario[]): void {
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const fixture = getFixture();
      const events = countEvents(fixture.core.hooks);
      onTestFinished(() => events.stop());
      const { fired } = events;
      const headers: Record<string, string> = { ...scenario.headers };
      if (scenario.as && scenario.as !== 'guest') headers.authorization = fixture.tokens[scenario.as];
      const body: unknown =
        typeof scenario.body === 'function'
          ? await (scenario.body as (fx: Fixture) => unknown)(fixture)
          : scenario.body;
      const res = await fixture.server.inject({
        method: scenario.method,
        url: scenario.url,
        headers,
        ...(body === undefined
          ? {}
          : typeof body === 'string'
            ? { payload: body }
            : { payload: body as object }),
      });
      const compact = res.body ? JSON.stringify(safeJson(res.body)) : '';
      expect(res.statusCode, compact).toBe(scenario.status);
      for (const fragment of scenario.contains ?? []) expect(compact).toContain(fragment);
      for (const fragment of scenario.notContains ?? []) expect(compact).not.toContain(fragment);
      if (scenario.events) {
        for (const [name, count] of Object.entries(scenario.events)) {
          expect(fired.get(name as HookName) ?? 0, `event ${name}`).toBe(count);
        }
        if (scenario.onlyEvents) {
          for (const [name, count] of fired) {
            if (!(name in scenario.events)) expect(count, `unexpected event ${name}`).toBe(0);
          }
        }
      }
      await scenario.after?.(fixture, safeJson(res.body));
    });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
