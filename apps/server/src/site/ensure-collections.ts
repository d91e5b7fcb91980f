/**
 * Brings the database's collections in line with the community's definitions at start-up. New
 * collections are created in two passes (relations between them may point either way); existing ones
 * are updated only when the definitions changed since the last start, so a restart does no DDL.
 */
import { createHash } from 'node:crypto';
import type { Core } from '../core';
import type { CollectionInput, FieldInput } from '../core/collections/model';
import { nowString } from '../tools/dates';
import { fillCommentRoots } from './comment-threads';
import { fillConversationSides } from './conversations';
import { ensureSearchIndex, reindexAllStories } from './search';

const VERSION_KEY = 'site_collections_hash';

/**
 * Data that fields added to existing tables need (their new columns start empty). Each runs after the
 * definitions are applied, whenever they changed, so each must be idempotent and cheap when there is
 * nothing left to do. Running on every change rather than only on the one that added the field means
 * a start that stopped between adding a column and filling it finishes the job next time.
 */
const BACKFILLS: ReadonlyArray<(core: Core) => Promise<unknown>> = [fillConversationSides, fillCommentRoots];

function fingerprint(definitions: readonly CollectionInput[]): string {
  return createHash('sha256').update(JSON.stringify(definitions)).digest('hex');
}

async function storedFingerprint(core: Core): Promise<string | null> {
  const row: { value: string } | undefined = await core.db.kysely
    .selectFrom('_params')
    .select('value')
    .where('id', '=', VERSION_KEY)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as string) : null;
}

async function storeFingerprint(core: Core, value: string): Promise<void> {
  const now = nowString();
  const updated = await core.db.kysely
    .updateTable('_params')
    .set({ value: JSON.stringify(value), updated: now })
    .where('id', '=', VERSION_KEY)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await core.db.kysely
      .insertInto('_params')
      .values({ id: VERSION_KEY, value: JSON.stringify(value), created: now, updated: now })
      .execute();
  }
}

export interface EnsureReport {
  created: string[];
  updated: string[];
}

export async function ensureCollections(
  core: Core,
  definitions: readonly CollectionInput[],
): Promise<EnsureReport> {
  const report: EnsureReport = { created: [], updated: [] };
  const hash = fingerprint(definitions);
  const current =
    (await storedFingerprint(core)) === hash && definitions.every((d) => core.registry.find(d.name));
  if (!current) {
    await applyDefinitions(core, definitions, report);
    for (const backfill of BACKFILLS) await backfill(core);
    await storeFingerprint(core, hash);
  }
  // The search index is not a collection: its table is made once, then filled from the stories.
  if (await ensureSearchIndex(core.db.kysely, core.db.dialect))
    await reindexAllStories(core.records, core.db.dialect);
  return report;
}

async function applyDefinitions(
  core: Core,
  definitions: readonly CollectionInput[],
  report: EnsureReport,
): Promise<void> {
  const tables = definitions.filter((d) => d.type !== 'view');
  const views = definitions.filter((d) => d.type === 'view');
  // Pass 1: create what is missing, leaving out relations to collections that do not exist yet.
  for (const definition of tables) {
    if (core.registry.find(definition.name)) continue;
    const resolvable = (field: FieldInput) =>
      field.type !== 'relation' ||
      field.collectionId === definition.name ||
      Boolean(core.registry.find(field.collectionId));
    await core.collections.create({
      ...definition,
      fields: (definition.fields ?? []).filter(resolvable),
      indexes: [],
      ...withoutRules(definition),
    });
    report.created.push(definition.name);
  }
  // Pass 2: every definition in full (its relations and rules can now all be resolved).
  for (const definition of [...tables, ...views]) {
    const existing = core.registry.find(definition.name);
    if (existing) {
      await core.collections.update(existing.id, definition);
      if (!report.created.includes(definition.name)) report.updated.push(definition.name);
    } else {
      await core.collections.create(definition);
      report.created.push(definition.name);
    }
  }
}

/** Rules and indexes may mention fields added in pass 2, so pass 1 creates collections locked and bare. */
function withoutRules(definition: CollectionInput): Partial<CollectionInput> {
  return {
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    ...(definition.type === 'auth' ? { manageRule: null, authRule: '' } : {}),
  };
}
