/**
 * `<collection>_via_<field>` expands over a page of records: each record gets the records pointing at
 * it that its viewer may see (at most 1,000 each, as PocketBase caps a back-relation), through one
 * query for the whole page rather than one per record.
 */
import { beforeAll, expect, it } from 'vitest';
import type { RecordContext } from '../../src/core/records/context';
import { expandRecords, type ExpandedRecord } from '../../src/core/records/expand';
import { createRecord } from '../../src/core/records/write';
import { guestRequest, systemRequest } from '../../src/core/rules/request-info';
import { describeWithFixture } from '../support/fixture';

const PARENTS = ['parentaaaaaaaa1', 'parentaaaaaaaa2', 'parentaaaaaaaa3', 'parentaaaaaaaa4'];

describeWithFixture('back-relation expands', (get) => {
  beforeAll(async () => {
    const { core } = get();
    const system = systemRequest(core.registry.find('_superusers')!);
    await core.collections.create({
      name: 'bx_parents',
      listRule: '',
      viewRule: '',
      fields: [{ name: 'title', type: 'text' }],
    });
    const parents = core.registry.find('bx_parents')!;
    await core.collections.create({
      name: 'bx_children',
      listRule: '',
      viewRule: 'hidden = false',
      fields: [
        { name: 'parent', type: 'relation', collectionId: parents.id, maxSelect: 1 },
        { name: 'hidden', type: 'bool' },
        { name: 'label', type: 'text' },
      ],
    });
    await core.collections.create({
      name: 'bx_tagged',
      listRule: '',
      viewRule: '',
      fields: [
        { name: 'parents', type: 'relation', collectionId: parents.id, maxSelect: 5 },
        { name: 'label', type: 'text' },
      ],
    });
    const create = (name: string, data: Record<string, unknown>) =>
      createRecord(core.records, core.registry.find(name)!, data, system);
    for (const [i, id] of PARENTS.entries()) await create('bx_parents', { id, title: `parent ${i + 1}` });
    // Parent 1: two children and a hidden one; parent 2: one; parents 3 and 4: none.
    await create('bx_children', { parent: PARENTS[0], label: 'one-a' });
    await create('bx_children', { parent: PARENTS[1], label: 'two-a' });
    await create('bx_children', { parent: PARENTS[0], label: 'one-b' });
    await create('bx_children', { parent: PARENTS[0], label: 'one-hidden', hidden: true });
    // A record in a multi-valued relation belongs under every record it lists.
    await create('bx_tagged', { parents: [PARENTS[0], PARENTS[2]], label: 'shared' });
    await create('bx_tagged', { parents: [PARENTS[2]], label: 'three-only' });
  });

  /** The record context with every query on `bx_` tables counted. */
  const countingContext = () => {
    const { core } = get();
    const queries: string[] = [];
    const reader = core.db.reader.withPlugin({
      transformQuery({ node }) {
        // The first table a query names is the one it reads from (the rules here join nothing).
        const table = /"name":"(bx_[a-z_]+)"/.exec(JSON.stringify(node))?.[1];
        if (table) queries.push(table);
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const ctx: RecordContext = { ...core.records, db: { ...core.db, reader } };
    return { ctx, queries };
  };

  const labels = (node: ExpandedRecord, segment: string) => {
    const found = node.expand?.[segment];
    return found === undefined ? undefined : (found as ExpandedRecord[]).map((child) => child.data.label);
  };

  it('gives each record of the page its own visible back-related records, in one query per relation', async () => {
    const { core } = get();
    const parents = core.registry.find('bx_parents')!;
    const page = await core.db.reader.selectFrom('bx_parents').selectAll().orderBy('id').execute();
    const { ctx, queries } = countingContext();
    const nodes = await expandRecords(
      ctx,
      parents,
      page.map((row) => ({ ...row })),
      'bx_children_via_parent,bx_tagged_via_parents',
      guestRequest(),
    );
    expect(nodes.map((node) => labels(node, 'bx_children_via_parent'))).toEqual([
      ['one-a', 'one-b'],
      ['two-a'],
      undefined,
      undefined,
    ]);
    expect(nodes.map((node) => labels(node, 'bx_tagged_via_parents'))).toEqual([
      ['shared'],
      undefined,
      ['shared', 'three-only'],
      undefined,
    ]);
    expect(queries.sort()).toEqual(['bx_children', 'bx_tagged']);
  });

  it('expands under the back-related records too, for the whole level at once', async () => {
    const { core } = get();
    const parents = core.registry.find('bx_parents')!;
    const page = await core.db.reader.selectFrom('bx_parents').selectAll().orderBy('id').execute();
    const { ctx, queries } = countingContext();
    const nodes = await expandRecords(
      ctx,
      parents,
      page.map((row) => ({ ...row })),
      'bx_children_via_parent.parent',
      guestRequest(),
    );
    const first = nodes[0]!.expand!.bx_children_via_parent as ExpandedRecord[];
    expect(first.map((child) => (child.expand?.parent as ExpandedRecord).data.id)).toEqual([
      PARENTS[0],
      PARENTS[0],
    ]);
    expect(queries.sort()).toEqual(['bx_children', 'bx_parents']);
  });

  it('caps each record at 1,000 and leaves the other records of the page theirs', async () => {
    const { core } = get();
    const parents = core.registry.find('bx_parents')!;
    // Parent 4 gets 2,000 children in bulk: with parent 3's none, a single capped query for both
    // would fill its limit with parent 4's and tell nothing of the others.
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      id: `bulkchild${String(i).padStart(6, '0')}`,
      parent: PARENTS[3],
      label: `bulk ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await core.db.kysely
        .insertInto('bx_children')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const page = await core.db.reader
      .selectFrom('bx_parents')
      .selectAll()
      .where('id', 'in', [PARENTS[1]!, PARENTS[3]!])
      .orderBy('id')
      .execute();
    const nodes = await expandRecords(
      core.records,
      parents,
      page.map((row) => ({ ...row })),
      'bx_children_via_parent',
      guestRequest(),
    );
    expect(labels(nodes[0]!, 'bx_children_via_parent')).toEqual(['two-a']);
    expect(labels(nodes[1]!, 'bx_children_via_parent')).toHaveLength(1000);
  });
});
