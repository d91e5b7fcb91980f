/**
 * Seeded fuzzing of `GET /api/collections/{c}/records` on every dialect, as a guest, as two members
 * and as a superuser. Thousands of generated `filter`, `sort`, `expand` and `fields` values (see
 * grammar.ts) must never crash the server (only 200, 400 or 403), must give well-formed pages, and
 * must never return a record, hidden field or private email the caller may not see (invariants.ts).
 *
 * The run is deterministic: set FUZZ_SEED to explore other inputs; a failure prints the seed and
 * every failing request, so it can be replayed with `fixture.server.inject`.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeWithFixture, IDS, type Fixture } from '../support/fixture';
import { sql } from 'kysely';
import {
  blindSortValue,
  expandValue,
  fieldsValue,
  filterValue,
  junk,
  pagingValues,
  Rng,
  seedFor,
  sortValue,
  type CollectionName,
} from './grammar';
import {
  checkListResponse,
  type Caller,
  type CallerName,
  type ListCase,
  type Problem,
  type Visible,
} from './invariants';

const SEED = Number(process.env.FUZZ_SEED ?? 20260815);
const COLLECTIONS: CollectionName[] = ['posts', 'comments', 'members', 'secrets'];
/** Collection weights: the richest schema (posts) gets most of the cases. */
const WEIGHTED: CollectionName[] = [
  'posts',
  'posts',
  'posts',
  'posts',
  'comments',
  'comments',
  'members',
  'members',
  'secrets',
];

type Family = 'filter' | 'sort' | 'expand' | 'fields' | 'mixed' | 'raw';

/** Cases per family for each caller; the superuser (no visibility limits to check) runs half. */
const CASES: Record<Family, number> = {
  filter: 600,
  sort: 300,
  expand: 200,
  fields: 200,
  mixed: 350,
  raw: 60,
};

const RAW_PIECES = [
  '%',
  '%Z',
  '%ZZ',
  '%C0%AF',
  '%FF%FE',
  '%ED%A0%80',
  '%00',
  '%E2%80%AE',
  '%25%',
  '%%',
  'a%2',
  '+',
  '%2B',
  '%26',
  '%3D',
  '%F0%9F%98%80',
  '%F0%9F',
  '%C3%28',
  '%5C%22',
  '%27%20OR%201%3D1%20--',
];

function rawQuery(rng: Rng, key: string): string {
  const value = Array.from({ length: rng.range(1, 4) }, () =>
    rng.chance(0.7) ? rng.pick(RAW_PIECES) : encodeURIComponent(junk(rng, 6)),
  ).join('');
  switch (rng.int(5)) {
    case 0:
      return `${key}=${value}`;
    case 1:
      return `${key}=${value}&${key}=${encodeURIComponent('id != ""')}`;
    case 2:
      return `${key}=${encodeURIComponent('id != ""')}&${key}=${value}`;
    case 3:
      return `${key}&${value}=${value}`;
    default:
      return `${key}=${value}&=${value}&${key}[]=${value}`;
  }
}

function generate(rng: Rng, family: Family, caller: Caller): ListCase {
  const collection = rng.pick(WEIGHTED);
  if (family === 'raw') {
    const key = rng.pick(['filter', 'sort', 'expand', 'fields']);
    return { collection, params: null, rawKey: key, query: rawQuery(rng, key) };
  }
  // References to @request/@collection are superuser-only; keep them rare for members so the
  // other checks get most of the cases (they are always exercised, and must always be 403).
  const refs = caller.superuser || rng.chance(0.1);
  const params: Record<string, string> = {};
  const options = { refs };
  if (family === 'filter') params.filter = filterValue(rng, collection, options);
  if (family === 'sort') params.sort = sortValue(rng, collection, options);
  if (family === 'expand') params.expand = expandValue(rng, collection);
  if (family === 'fields') params.fields = fieldsValue(rng, collection);
  if (family === 'mixed') {
    if (rng.chance(0.8)) params.filter = filterValue(rng, collection, options);
    if (rng.chance(0.6)) params.sort = sortValue(rng, collection, options);
    if (rng.chance(0.6)) params.expand = expandValue(rng, collection);
    if (rng.chance(0.4)) params.fields = fieldsValue(rng, collection);
  }
  if (family !== 'filter' && rng.chance(0.3)) params.filter = filterValue(rng, collection, { refs: false });
  Object.assign(params, pagingValues(rng));
  return { collection, params, query: new URLSearchParams(params).toString() };
}

describeWithFixture('list query fuzzing', (getFixture) => {
  const callers = {} as Record<CallerName, Caller>;
  const visible = {} as Record<CallerName, Visible>;
  /** The superuser's view of every collection before fuzzing, to prove nothing was changed. */
  let snapshot = '';

  async function list(
    fixture: Fixture,
    caller: Caller,
    collection: CollectionName,
    query: string,
  ): Promise<{ status: number; body: string }> {
    const res = await fixture.server.inject({
      method: 'GET',
      url: `/api/collections/${collection}/records${query ? `?${query}` : ''}`,
      headers: caller.token ? { authorization: caller.token } : {},
    });
    return { status: res.statusCode, body: res.body };
  }

  async function everything(fixture: Fixture): Promise<string> {
    const parts: string[] = [];
    for (const collection of COLLECTIONS) {
      parts.push((await list(fixture, callers.superuser, collection, 'perPage=1000&sort=id')).body);
    }
    return parts.join('\n');
  }

  beforeAll(async () => {
    const fixture = getFixture();
    const caller = (name: CallerName, token: string | undefined, emails: string[]): Caller => ({
      name,
      token,
      superuser: name === 'superuser',
      emails: new Set(emails),
    });
    callers.guest = caller('guest', undefined, ['alice@example.com']);
    callers.alice = caller('alice', fixture.tokens.alice, ['alice@example.com']);
    callers.bob = caller('bob', fixture.tokens.bob, ['alice@example.com', 'bob@example.com']);
    callers.superuser = caller('superuser', fixture.tokens.superuser, [
      'alice@example.com',
      'bob@example.com',
      'mod@example.com',
      'root@example.com',
    ]);
    // The visible set of each caller: a plain listing with no filter.
    for (const c of Object.values(callers)) {
      const sets = {} as Visible;
      for (const collection of COLLECTIONS) {
        const res = await list(fixture, c, collection, 'perPage=1000');
        if (res.status === 403) {
          sets[collection] = null;
          continue;
        }
        const body = JSON.parse(res.body) as { items: Array<{ id: string }> };
        sets[collection] = new Set(body.items.map((item) => item.id));
      }
      visible[c.name] = sets;
    }
    snapshot = await everything(fixture);
  });

  it('computes the visible sets the rules imply', () => {
    const ids = (set: Set<string> | null) => (set ? [...set].sort() : null);
    const published = [IDS.postPublished, IDS.postBob].sort();
    expect(ids(visible.guest.posts)).toEqual(published);
    expect(ids(visible.guest.comments)).toEqual([]);
    expect(ids(visible.guest.members)).toEqual([]);
    expect(visible.guest.secrets).toBeNull();
    expect(ids(visible.alice.posts)).toEqual([...published, IDS.postDraft].sort());
    expect(ids(visible.bob.posts)).toEqual(published);
    for (const name of ['alice', 'bob'] as const) {
      expect(ids(visible[name].comments)).toEqual([IDS.comment1, IDS.comment2]);
      expect(ids(visible[name].members)).toEqual([IDS.alice, IDS.bob, IDS.mod].sort());
      expect(visible[name].secrets).toBeNull();
    }
    expect(ids(visible.superuser.secrets)).toEqual([IDS.secret]);
  });

  const families = Object.keys(CASES) as Family[];
  for (const callerName of ['guest', 'alice', 'bob', 'superuser'] as const) {
    for (const family of families) {
      const count = callerName === 'superuser' ? Math.ceil(CASES[family] / 2) : CASES[family];
      it(`${family} × ${count} as ${callerName}`, async () => {
        const fixture = getFixture();
        const caller = callers[callerName];
        const seed = seedFor(SEED, `${callerName}/${family}`);
        const rng = new Rng(seed);
        // Markers of posts this caller must never receive: their ids, and the draft's title.
        const hiddenPosts = [IDS.postPublished, IDS.postDraft, IDS.postBob].filter(
          (id) => !visible[callerName].posts?.has(id),
        );
        const markers = hiddenPosts.includes(IDS.postDraft) ? [...hiddenPosts, 'Draft of a'] : hiddenPosts;
        const problems: Problem[] = [];
        const record = (c: ListCase, status: number, body: string, reasons: string[], culprit = '') => {
          for (const reason of reasons) {
            problems.push({
              reason,
              culprit,
              caller: callerName,
              collection: c.collection,
              query: c.query,
              status,
              body,
            });
          }
        };
        /** For a crash, the single fuzzed parameters that crash on their own (for a minimal repro). */
        const isolate = async (c: ListCase): Promise<string> => {
          if (!c.params) return `${c.rawKey ?? '?'} (raw)`;
          const culprits: string[] = [];
          for (const key of ['filter', 'sort', 'expand', 'fields']) {
            const value = c.params[key];
            if (value === undefined) continue;
            const alone = await list(
              fixture,
              caller,
              c.collection,
              new URLSearchParams({ [key]: value }).toString(),
            );
            if (alone.status >= 500) culprits.push(key);
          }
          return culprits.join('+') || 'combination';
        };

        for (let i = 0; i < count; i++) {
          const c = generate(rng, family, caller);
          const res = await list(fixture, caller, c.collection, c.query);
          const checked = checkListResponse(caller, visible[callerName], markers, c, res.status, res.body);
          record(c, res.status, res.body, checked.problems, res.status >= 500 ? await isolate(c) : '');
          // A `fields` selection may drop ids, so the same query without it shows which records came back.
          if (checked.list && c.params?.fields?.trim()) {
            const { fields: _fields, ...rest } = c.params;
            const shadow: ListCase = { ...c, params: rest, query: new URLSearchParams(rest).toString() };
            const again = await list(fixture, caller, c.collection, shadow.query);
            const full = checkListResponse(
              caller,
              visible[callerName],
              markers,
              shadow,
              again.status,
              again.body,
            );
            record(shadow, again.status, again.body, full.problems);
            if (!full.list)
              record(shadow, again.status, again.body, ['the query fails without `fields` only']);
            else if (full.list.items.length !== checked.list.items.length) {
              record(c, res.status, res.body, [
                `${checked.list.items.length} items with fields, ${full.list.items.length} without`,
              ]);
            }
          }
        }
        expect(problems.length, report(seed, problems)).toBe(0);
      });
    }
  }

  /**
   * "0 hidden values revealed" by order or count (PRODUCT.md §15): each case runs twice, before and
   * after the values this caller may not read are changed underneath (other members' birthdays,
   * every hidden `note`, the secrets, and the draft's title and numbers for those who cannot see it).
   * If a sort, filter or total depended on a hidden value, the two answers would differ.
   */
  const BLIND_CASES = 700;
  for (const callerName of ['guest', 'alice', 'bob'] as const) {
    it(`sort and filter over hidden values × ${BLIND_CASES} (twice each) as ${callerName}`, async () => {
      const fixture = getFixture();
      const caller = callers[callerName];
      const db = fixture.core.db.kysely;
      const seed = seedFor(SEED, `${callerName}/blind`);
      const rng = new Rng(seed);
      const cases: ListCase[] = [];
      for (let i = 0; i < BLIND_CASES; i++) {
        const collection = rng.pick(WEIGHTED);
        const params: Record<string, string> = { sort: blindSortValue(rng, collection) };
        if (rng.chance(0.3)) params.filter = filterValue(rng, collection, { refs: false });
        Object.assign(params, pagingValues(rng));
        cases.push({ collection, params, query: new URLSearchParams(params).toString() });
      }
      const run = async () => {
        const answers: Array<{ status: number; body: string }> = [];
        for (const c of cases) answers.push(await list(fixture, caller, c.collection, c.query));
        return answers;
      };
      const selfId = callerName === 'guest' ? '' : IDS[callerName];
      const seesDraft = visible[callerName].posts?.has(IDS.postDraft) ?? false;
      const saved = {
        members: (
          await sql<{
            id: string;
            birthday: string;
            note: string;
          }>`SELECT id, birthday, note FROM members`.execute(db)
        ).rows,
        secrets: (await sql<{ id: string; value: string }>`SELECT id, value FROM secrets`.execute(db)).rows,
        draft: (
          await sql<{
            title: string;
            views: number;
          }>`SELECT title, views FROM posts WHERE id = ${IDS.postDraft}`.execute(db)
        ).rows[0]!,
      };
      const first = await run();
      // Change what this caller may not read, in an order-reversing way.
      for (const [i, m] of saved.members.entries()) {
        const birthday =
          m.id === selfId
            ? m.birthday
            : `19${String(50 + ((i * 37) % 40)).padStart(2, '0')}-0${(i % 9) + 1}-1${i % 9} 00:00:00.000Z`;
        await sql`UPDATE members SET birthday = ${birthday}, note = ${`zz${9 - i} hidden`} WHERE id = ${m.id}`.execute(
          db,
        );
      }
      for (const [i, row] of saved.secrets.entries())
        await sql`UPDATE secrets SET value = ${`${String.fromCharCode(122 - i)} changed`} WHERE id = ${row.id}`.execute(
          db,
        );
      if (!seesDraft)
        await sql`UPDATE posts SET title = ${'AAA first now'}, views = ${999999} WHERE id = ${IDS.postDraft}`.execute(
          db,
        );
      fixture.core.records.lists?.clear();
      let second: Array<{ status: number; body: string }>;
      try {
        second = await run();
      } finally {
        for (const m of saved.members)
          await sql`UPDATE members SET birthday = ${m.birthday}, note = ${m.note} WHERE id = ${m.id}`.execute(
            db,
          );
        for (const row of saved.secrets)
          await sql`UPDATE secrets SET value = ${row.value} WHERE id = ${row.id}`.execute(db);
        await sql`UPDATE posts SET title = ${saved.draft.title}, views = ${saved.draft.views} WHERE id = ${IDS.postDraft}`.execute(
          db,
        );
        fixture.core.records.lists?.clear();
      }
      const problems: Problem[] = [];
      cases.forEach((c, i) => {
        const [a, b] = [first[i]!, second[i]!];
        const base = {
          culprit: '',
          caller: callerName,
          collection: c.collection,
          query: c.query,
          status: b.status,
          body: b.body,
        };
        if (a.status >= 500 || b.status >= 500)
          problems.push({ ...base, reason: `server error ${b.status}` });
        // `@random` orders differently on every request whatever the data: only its status can be compared.
        else if (a.status !== b.status || (a.body !== b.body && !c.params?.sort?.includes('@random')))
          problems.push({
            ...base,
            reason: 'the answer changed with values the caller cannot read',
            body: `${a.body.slice(0, 300)}\n  vs ${b.body.slice(0, 300)}`,
          });
      });
      expect(cases.filter((c) => c.params?.sort?.includes('birthday')).length).toBeGreaterThan(50);
      expect(problems.length, report(seed, problems)).toBe(0);
    });
  }

  it('left every record as it was', async () => {
    expect(await everything(getFixture())).toBe(snapshot);
  });
});

/** Groups the problems by reason and shows a replayable request for each group. */
function report(seed: number, problems: Problem[]): string {
  if (problems.length === 0) return '';
  const groups = new Map<string, Problem[]>();
  for (const p of problems) {
    const key = `${p.status} ${p.reason.split(':')[0]!}${p.culprit ? ` [crashes on its own: ${p.culprit}]` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const lines = [`${problems.length} problems (seed ${seed}, FUZZ_SEED=${SEED}):`];
  for (const [key, group] of [...groups].slice(0, 12)) {
    const first = group.reduce((a, b) => (b.query.length < a.query.length ? b : a));
    lines.push(
      `- ${key} ×${group.length}: ${first.reason}`,
      `    e.g. as ${first.caller}: GET /api/collections/${first.collection}/records?${first.query.slice(0, 400)}`,
      `    -> ${first.status} ${first.body.slice(0, 200)}`,
    );
  }
  return lines.join('\n');
}
