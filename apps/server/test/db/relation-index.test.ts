/**
 * Relation index tables (db/relation-index.ts): one row per record and related id of every relation
 * that holds several records, kept by triggers whatever writes the row, rebuilt when the field's
 * definition changes, made once for databases that predate them; and filters that ask "any related
 * record is X" answer from them with the same rows as before.
 */
import { CompiledQuery, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Core } from '../../src/core';
import {
  ensureRelationIndexes,
  relationIndexName,
  relationIndexOf,
} from '../../src/core/collections/relation-indexes';
import { listRecords } from '../../src/core/records/read';
import { createRecord, deleteRecord, updateRecord } from '../../src/core/records/write';
import { guestRequest, systemRequest, type RequestInfo } from '../../src/core/rules/request-info';
import { createTestServer } from '../support/app';
import { describeEachDialect } from '../support/databases';

const TAGS = { giant: 'taggiant0000001', tiny: 'tagtiny00000001', shrink: 'tagshrink000001' };

describeEachDialect('relation index tables', (getDb) => {
  let core!: Core;
  let system!: RequestInfo;

  const tagsCollection = () => core.registry.find('rx_items')!;
  const indexTable = () => {
    const collection = tagsCollection();
    return relationIndexOf(
      collection,
      collection.fields.find((f) => f.name === 'tags')!,
    )!;
  };
  const pairs = async () =>
    (
      await sql<{
        record: string;
        target: string;
      }>`SELECT "record", "target" FROM ${sql.table(indexTable())} ORDER BY "record", "target"`.execute(
        core.db.kysely,
      )
    ).rows.map((r) => `${r.record}>${r.target}`);
  const ids = async (filter: string) =>
    (
      await listRecords(core.records, tagsCollection(), { page: 1, perPage: 100, filter, sort: 'id' }, system)
    ).items.map((item) => item.id);

  beforeAll(async () => {
    await createTestServer(getDb().db, { onCore: (c) => (core = c) });
    system = systemRequest(core.registry.find('_superusers')!);
    await core.collections.create({
      name: 'rx_tags',
      listRule: '',
      fields: [{ name: 'name', type: 'text' }],
    });
    await core.collections.create({
      name: 'rx_items',
      listRule: '',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'tags', type: 'relation', collectionId: 'rx_tags', maxSelect: 10 },
        { name: 'main', type: 'relation', collectionId: 'rx_tags', maxSelect: 1 },
      ],
    });
    const tags = core.registry.find('rx_tags')!;
    for (const [name, id] of Object.entries(TAGS))
      await createRecord(core.records, tags, { id, name }, system);
  });

  it('holds one row per record and related id, following creates, updates and deletes', async () => {
    const items = tagsCollection();
    await createRecord(core.records, items, { id: 'item00000000001', tags: [TAGS.giant, TAGS.tiny] }, system);
    await createRecord(core.records, items, { id: 'item00000000002', tags: [TAGS.tiny] }, system);
    expect(await pairs()).toEqual([
      `item00000000001>${TAGS.giant}`,
      `item00000000001>${TAGS.tiny}`,
      `item00000000002>${TAGS.tiny}`,
    ]);
    await updateRecord(core.records, items, 'item00000000001', { tags: [TAGS.tiny, TAGS.shrink] }, system);
    await deleteRecord(core.records, items, 'item00000000002', system);
    expect(await pairs()).toEqual([`item00000000001>${TAGS.shrink}`, `item00000000001>${TAGS.tiny}`]);
  });

  it('follows writes made in plain SQL too (imports, the bench generator)', async () => {
    await sql`INSERT INTO rx_items (id, title, tags, main) VALUES ('item00000000003', '', ${JSON.stringify([TAGS.giant])}, '')`.execute(
      core.db.kysely,
    );
    expect(await pairs()).toContain(`item00000000003>${TAGS.giant}`);
    await sql`UPDATE rx_items SET tags = ${JSON.stringify([])} WHERE id = 'item00000000003'`.execute(
      core.db.kysely,
    );
    expect((await pairs()).filter((p) => p.startsWith('item00000000003'))).toEqual([]);
  });

  it('answers "any related record is X" with the same rows as the other spellings of it', async () => {
    expect(await ids(`tags.id ?= "${TAGS.tiny}"`)).toEqual(['item00000000001']);
    expect(await ids(`tags.id ?= "${TAGS.giant}"`)).toEqual([]);
    expect(await ids(`tags.name ?= "shrink"`)).toEqual(['item00000000001']);
    // `:each` and an OR with another condition take other paths through the compiler; same answers.
    expect(await ids(`tags:each ?= "${TAGS.tiny}"`)).toEqual(['item00000000001']);
    expect(await ids(`title = "none" || tags.id ?= "${TAGS.shrink}"`)).toEqual(['item00000000001']);
    // PocketBase LEFT JOINs the related rows and adds no "all values" check to `?` operators, so
    // item 3 (no tags: one NULL row) is "any related id is not tiny" too (buildResolversExpr).
    expect(await ids(`tags.id ?!= "${TAGS.tiny}"`)).toEqual(['item00000000001', 'item00000000003']);
    expect(await ids(`tags.id = "${TAGS.tiny}"`)).toEqual([]);
  });

  it.each([
    ['a related record', `tags.id ?= "${TAGS.tiny}"`],
    ['one of the ids held', `tags:each ?= "${TAGS.tiny}"`],
  ])('starts from the related id when asked for %s, instead of reading every record', async (_, filter) => {
    // The statement listRecords sends, captured on its way to the database (from a cold list cache:
    // an earlier test read the same page, and a remembered page is read by id).
    core.records.lists?.clear();
    const captured: CompiledQuery[] = [];
    const executor = core.db.reader.getExecutor();
    const original = executor.executeQuery.bind(executor);
    executor.executeQuery = ((query: CompiledQuery) => {
      captured.push(query);
      return original(query);
    }) as typeof original;
    try {
      expect(await ids(filter)).toEqual(['item00000000001']);
    } finally {
      executor.executeQuery = original;
    }
    const select = captured.find((q) => q.sql.startsWith('SELECT') && !q.sql.includes('COUNT(*)'))!;
    expect(select.sql).toContain(`IN (SELECT`);
    expect(select.sql).toContain(indexTable());
    if (core.db.dialect !== 'sqlite') return;
    const plan = await core.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${select.sql}`, [...select.parameters]),
    );
    const steps = plan.rows.map((r) => r.detail);
    // The side table (aliased l<n>) is searched by its key, the related id.
    expect(steps).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SEARCH l\d+ USING PRIMARY KEY \(target=\?\)$/)]),
    );
    expect(steps.filter((step) => /^SCAN /.test(step) && !step.includes('USING'))).toEqual([]);
  });

  it('reads the ids a record holds from the index without the related collection’s list rule', async () => {
    // A profile lists a member's posts by the ids the posts hold; members may not list each other.
    await core.collections.create({
      name: 'rx_secrets',
      listRule: "@request.auth.id != ''",
      fields: [{ name: 'name', type: 'text' }],
    });
    await core.collections.create({
      name: 'rx_cards',
      listRule: '',
      fields: [{ name: 'secrets', type: 'relation', collectionId: 'rx_secrets', maxSelect: 5 }],
    });
    const secrets = core.registry.find('rx_secrets')!;
    const cards = core.registry.find('rx_cards')!;
    for (const id of ['secret000000001', 'secret000000002'])
      await createRecord(core.records, secrets, { id, name: id }, system);
    await createRecord(
      core.records,
      cards,
      { id: 'card00000000001', secrets: ['secret000000001', 'secret000000002'] },
      system,
    );
    await createRecord(core.records, cards, { id: 'card00000000002', secrets: ['secret000000002'] }, system);
    await createRecord(core.records, cards, { id: 'card00000000003', secrets: [] }, system);
    const guest = guestRequest();
    const cardIds = async (filter: string) =>
      (
        await listRecords(core.records, cards, { page: 1, perPage: 100, filter, sort: 'id' }, guest)
      ).items.map((item) => item.id);
    expect(await cardIds('secrets:each ?= "secret000000001"')).toEqual(['card00000000001']);
    expect(await cardIds('secrets:each ?= "secret000000002"')).toEqual([
      'card00000000001',
      'card00000000002',
    ]);
    // Entering the related collection applies its list rule, which a guest does not pass.
    expect(await cardIds('secrets.id ?= "secret000000001"')).toEqual([]);
    // The other comparisons over the same values keep their meaning: every id differs (a card with
    // none is one NULL value, as PocketBase's LEFT JOIN gives), or some id differs.
    expect(await cardIds('secrets:each != "secret000000001"')).toEqual([
      'card00000000002',
      'card00000000003',
    ]);
    expect(await cardIds('secrets:each ?!= "secret000000002"')).toEqual([
      'card00000000001',
      'card00000000003',
    ]);
  });

  it('is rebuilt when the field is renamed, and dropped when it stops holding several records', async () => {
    const before = indexTable();
    const items = tagsCollection();
    const renamed = items.fields.map((f) => (f.name === 'tags' ? { ...f, name: 'labels' } : f));
    await core.collections.update('rx_items', { ...items, fields: renamed });
    // The name follows the field's id, so it stays; the triggers now read the renamed column.
    const field = tagsCollection().fields.find((f) => f.name === 'labels')!;
    expect(relationIndexOf(tagsCollection(), field)).toBe(before);
    await sql`UPDATE rx_items SET labels = ${JSON.stringify([TAGS.giant])} WHERE id = 'item00000000003'`.execute(
      core.db.kysely,
    );
    expect(
      (
        await listRecords(
          core.records,
          tagsCollection(),
          { page: 1, perPage: 10, filter: `labels.id ?= "${TAGS.giant}"` },
          system,
        )
      ).items.map((i) => i.id),
    ).toEqual(['item00000000003']);
    const single = tagsCollection().fields.map((f) => (f.name === 'labels' ? { ...f, maxSelect: 1 } : f));
    await core.collections.update('rx_items', { ...tagsCollection(), fields: single });
    expect(await tableExists(core, before)).toBe(false);
  });

  it('is made, with the rows already there, for a database that predates relation indexes', async () => {
    await core.collections.create({
      name: 'rx_lists',
      listRule: '',
      fields: [{ name: 'items', type: 'relation', collectionId: 'rx_tags', maxSelect: 5 }],
    });
    const lists = core.registry.find('rx_lists')!;
    await createRecord(
      core.records,
      lists,
      { id: 'list00000000001', items: [TAGS.giant, TAGS.shrink] },
      system,
    );
    const field = lists.fields.find((f) => f.name === 'items')!;
    const table = relationIndexName(lists, field);
    // What an older database looks like: no table, no triggers.
    await sql.raw(`DROP TABLE "${table}"`).execute(core.db.kysely);
    if (core.db.dialect === 'sqlite') {
      for (const suffix of ['insert', 'update', 'delete'])
        await sql.raw(`DROP TRIGGER "${table}_${suffix}"`).execute(core.db.kysely);
    } else {
      await sql.raw(`DROP FUNCTION "${table}_sync"() CASCADE`).execute(core.db.kysely);
    }
    expect(await ensureRelationIndexes(core.db.kysely, core.db.dialect, core.registry.all())).toBe(1);
    const rows = await sql<{
      target: string;
    }>`SELECT "target" FROM ${sql.table(table)} ORDER BY "target"`.execute(core.db.kysely);
    expect(rows.rows.map((r) => r.target)).toEqual([TAGS.giant, TAGS.shrink].sort());
    // Nothing is missing any more, so a second start does nothing.
    expect(await ensureRelationIndexes(core.db.kysely, core.db.dialect, core.registry.all())).toBe(0);
  });

  it('goes with its collection', async () => {
    const lists = core.registry.find('rx_lists')!;
    const table = relationIndexName(
      lists,
      lists.fields.find((f) => f.name === 'items')!,
    );
    await core.collections.delete('rx_lists');
    expect(await tableExists(core, table)).toBe(false);
  });
});

async function tableExists(core: Core, name: string): Promise<boolean> {
  const query =
    core.db.dialect === 'sqlite'
      ? sql<{ n: number }>`SELECT COUNT(*) AS n FROM sqlite_master WHERE name = ${name}`
      : sql<{
          n: number;
        }>`SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_name = ${name} AND table_schema = current_schema()`;
  return Number((await query.execute(core.db.kysely)).rows[0]?.n) > 0;
}
