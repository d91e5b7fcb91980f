/**
 * Account erasure across processes (issue 45, DESIGN.md §4): two real server processes on one
 * PostgreSQL database (guarded by the advisory lock, no Redis), both running the erasure job every
 * 150 ms. A member asks for deletion through one process and is erased once the grace period is over,
 * by exactly one run: a second erase of the same account would fail (it is gone) and show as a job
 * failure in the processes' output. Another member who asked too signs in again through the other
 * process, which cancels theirs: they are never erased.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Core } from '../../src/core';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { formatDate } from '../../src/tools/dates';
import { createTestServer } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { sleep } from '../support/wait';

const PASSWORD = 'tiny giant 42';
const postgres = inject('postgresAdminUrl') !== null;

describe('account erasure with two server processes [postgres]', () => {
  let testDb: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess;
  let setup: { close(): Promise<void>; core: Core };
  const ids: Record<'leaver' | 'stayer' | 'reader', string> = { leaver: '', stayer: '', reader: '' };

  beforeAll(async () => {
    if (!postgres) return;
    testDb = await createTestDatabase('postgres');
    const env = { DATABASE_URL: testDb.databaseUrl!, ACCOUNT_ERASURE_EVERY_MS: '150' };
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    // Accounts are made directly in the database by a core of this test process (it shares nothing).
    let core!: Core;
    const server = await createTestServer(testDb.db, { onCore: (c) => (core = c) });
    setup = { core, close: () => server.close() };
    const system = systemRequest(core.registry.find('_superusers')!);
    for (const name of Object.keys(ids) as Array<keyof typeof ids>) {
      const user = await createRecord(
        core.records,
        core.registry.find('users')!,
        {
          username: name,
          email: `${name}@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          birthday: '1990-05-05',
          verified: true,
        },
        system,
      );
      ids[name] = String(user.id);
    }
  }, 120_000);

  afterAll(async () => {
    if (!postgres) return;
    await setup?.close();
    const output = `${first?.output() ?? ''}${second?.output() ?? ''}`;
    const codes = await Promise.all([first?.stop(), second?.stop()]);
    await testDb?.drop();
    expect(codes, output).toEqual([0, 0]);
    // No job failed (a second erase of the same account would), nothing else went wrong.
    expect(output).not.toMatch(/"level":(50|60)/);
  }, 60_000);

  const post = async (server: ServerProcess, path: string, body: object, token?: string) => {
    const res = await fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  const signIn = async (server: ServerProcess, identity: string) => {
    const res = await post(server, 'collections/users/auth-with-password', { identity, password: PASSWORD });
    expect(res.status).toBe(200);
    return String(res.body.token);
  };
  const rows = async (query: ReturnType<typeof sql<{ n: string | number }>>) =>
    Number((await query.execute(testDb.db.kysely)).rows[0]?.n ?? 0);

  it.skipIf(!postgres)(
    'one process erases a due account once; a sign-in through the other cancels another',
    async () => {
      for (const name of ['leaver', 'stayer'] as const) {
        const asked = await post(
          first,
          'account/delete',
          { works: 'orphan', password: PASSWORD },
          await signIn(first, name),
        );
        expect(asked.status).toBe(200);
      }
      // The stayer changes their mind on the other process.
      await signIn(second, 'stayer');
      expect(await rows(sql`SELECT COUNT(*) AS n FROM account_deletions WHERE "user" = ${ids.stayer}`)).toBe(
        0,
      );
      // The leaver's grace period is made to be over (7 days cannot pass in a test).
      await sql`UPDATE account_deletions SET erase_after = ${formatDate(new Date(Date.now() - 1000))}`.execute(
        testDb.db.kysely,
      );
      const deadline = Date.now() + 20_000;
      while ((await rows(sql`SELECT COUNT(*) AS n FROM users WHERE id = ${ids.leaver}`)) > 0) {
        if (Date.now() > deadline) throw new Error('the account was not erased');
        await sleep(100);
      }
      // Several more rounds on both processes, so a second erase would have had every chance to run.
      await sleep(1500);
      expect(await rows(sql`SELECT COUNT(*) AS n FROM account_deletions`)).toBe(0);
      expect(await rows(sql`SELECT COUNT(*) AS n FROM retired_usernames`)).toBe(1);
      expect(await rows(sql`SELECT COUNT(*) AS n FROM users WHERE id = ${ids.stayer}`)).toBe(1);
      // The erased member can sign in through neither process.
      for (const server of [first, second]) {
        const res = await post(server, 'collections/users/auth-with-password', {
          identity: 'leaver',
          password: PASSWORD,
        });
        expect(res.status).toBe(400);
      }
    },
    60_000,
  );
});
