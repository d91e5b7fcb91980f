/**
 * Creating, changing and removing collections: validate the definition, run the DDL and store the
 * definition in one transaction, then update the in-memory registry.
 */
import { sql } from 'kysely';
import type { AnyKysely, Database } from '../../db/types';
import { ApiError } from '../../tools/api-error';
import { nowString } from '../../tools/dates';
import { collectionIdFor } from './ids';
import { collectionSchema, type Collection } from './model';
import type { CollectionRegistry } from './registry';
import { withSystemFields } from './system-fields';
import { syncTable } from './table-sync';
import { checkViewQuery, createView, dropView, viewColumns, viewFields } from './views';
import { validateCollection, zodToApiError } from './validate';

/** Extra checks (rules that must compile) that need more than the collection layer knows. */
export type CollectionCheck = (collection: Collection, registry: CollectionRegistry) => void;

/** Unique indexes every auth collection needs: one token key per record, one account per email. */
function systemIndexes(collection: Collection): string[] {
  if (collection.type !== 'auth') return [];
  const suffix = collection.id.replace(/\W/g, '');
  return [
    `CREATE UNIQUE INDEX idx_tokenKey_${suffix} ON "${collection.name}" ("tokenKey")`,
    `CREATE UNIQUE INDEX idx_email_${suffix} ON "${collection.name}" ("email") WHERE "email" != ''`,
    // Sign-in and mail lookups compare emails in any letter case; this index serves them.
    `CREATE INDEX idx_email_lower_${suffix} ON "${collection.name}" (lower("email"))`,
  ];
}

function retarget(indexes: string[], from: string, to: string): string[] {
  const pattern = new RegExp(`(\\bON\\s+)([\`"]?)${from}\\2(\\s*\\()`, 'i');
  return indexes.map((definition) => definition.replace(pattern, `$1"${to}"$3`));
}

/**
 * Told after records left without record writes, so what they own outside the database (their
 * files) can go too: `recordIds` are a truncated collection's records; undefined means the whole
 * collection was deleted.
 */
export type RecordsRemovedListener = (
  collection: Collection,
  recordIds: string[] | undefined,
) => Promise<void>;

export class CollectionService {
  private readonly listeners: Array<() => void> = [];
  private readonly removedListeners: RecordsRemovedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly registry: CollectionRegistry,
    private readonly checks: CollectionCheck[] = [],
  ) {}

  /** Calls `listener` after each committed change of a definition. */
  onChanged(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Calls `listener` once the records of a truncated or deleted collection are gone (committed). */
  onRecordsRemoved(listener: RecordsRemovedListener): void {
    this.removedListeners.push(listener);
  }

  private async recordsRemoved(collection: Collection, recordIds: string[] | undefined): Promise<void> {
    for (const listener of this.removedListeners) await listener(collection, recordIds);
  }

  /** Inside a caller's transaction (an import) the change is announced once that commits. */
  private changed(trx: AnyKysely | undefined): void {
    if (trx) return;
    for (const listener of this.listeners) listener();
  }

  /** Builds the complete definition: defaults, system fields and indexes, resolved relation ids. */
  private prepare(input: unknown, previous: Collection | null, message: string): Collection {
    const raw = { ...(previous ?? {}), ...(typeof input === 'object' && input ? input : {}) } as Record<
      string,
      unknown
    >;
    const parsed = collectionSchema.safeParse(raw);
    if (!parsed.success) throw zodToApiError(parsed.error, message);
    const c = parsed.data;
    c.id = previous?.id ?? (c.id || collectionIdFor(c.type, c.name));
    c.fields = withSystemFields(c.type, c.fields).map((f) =>
      f.type === 'relation' ? { ...f, collectionId: this.relationTarget(f.collectionId, c) } : f,
    );
    const own = previous ? retarget(c.indexes, previous.name, c.name) : c.indexes;
    const system = systemIndexes(c);
    c.indexes = [
      ...system,
      ...own.filter((i) => !system.some((s) => s.split(' ON ')[0] === i.split(' ON ')[0])),
    ];
    c.created = previous?.created ?? nowString();
    c.updated = nowString();
    if (c.type === 'view') {
      c.viewQuery = checkViewQuery(c.viewQuery, message);
      // Views are read-only; their fields are known once the view exists (see writeSchema).
      c.createRule = c.updateRule = c.deleteRule = null;
      c.indexes = [];
    }
    validateCollection(c, previous, this.registry, message);
    if (c.type !== 'view') this.runChecks(c);
    return c;
  }

  /** A relation may name its collection by id or name, including the collection being defined. */
  private relationTarget(idOrName: string, self: Collection): string {
    if (idOrName === self.id || idOrName.toLowerCase() === self.name.toLowerCase()) return self.id;
    return this.registry.find(idOrName)?.id ?? idOrName;
  }

  private runChecks(collection: Collection): void {
    for (const check of this.checks) check(collection, this.registry);
  }

  /** Runs the DDL for a new or changed definition inside the caller's transaction. */
  private async writeSchema(db: AnyKysely, previous: Collection | null, next: Collection): Promise<void> {
    if (next.type !== 'view') {
      await syncTable(db, this.db.dialect, previous, next);
      return;
    }
    if (previous) await dropView(db, previous.name);
    await createView(db, next);
    next.fields = viewFields(await viewColumns(db, this.db.dialect, next.name), next.fields);
    this.runChecks(next);
  }

  async create(input: unknown, trx?: AnyKysely): Promise<Collection> {
    const collection = this.prepare(input, null, 'Failed to create collection.');
    if (this.registry.find(collection.id)) {
      throw new ApiError(400, 'Failed to create collection.', {
        id: { code: 'validation_not_unique', message: 'Value must be unique.' },
      });
    }
    await this.inTransaction(trx, async (db) => {
      await this.writeSchema(db, null, collection);
      await db
        .insertInto('_collections')
        .values({
          id: collection.id,
          name: collection.name,
          type: collection.type,
          definition: JSON.stringify(collection),
          created: collection.created,
          updated: collection.updated,
        })
        .execute();
    });
    this.registry.set(collection);
    this.changed(trx);
    return collection;
  }

  async update(idOrName: string, input: unknown, trx?: AnyKysely): Promise<Collection> {
    const previous = this.require(idOrName);
    const collection = this.prepare(input, previous, 'Failed to update collection.');
    await this.inTransaction(trx, async (db) => {
      await this.writeSchema(db, previous, collection);
      await db
        .updateTable('_collections')
        .set({ name: collection.name, definition: JSON.stringify(collection), updated: collection.updated })
        .where('id', '=', collection.id)
        .execute();
    });
    this.registry.set(collection);
    this.changed(trx);
    return collection;
  }

  /**
   * Deletes a collection with its table. Inside a caller's transaction the caller must announce the
   * removal (`recordsRemoved`) once it commits, as `import` does.
   */
  async delete(idOrName: string, trx?: AnyKysely): Promise<void> {
    const collection = await this.deleteDefinition(idOrName, trx);
    if (!trx) await this.recordsRemoved(collection, undefined);
  }

  private async deleteDefinition(idOrName: string, trx: AnyKysely | undefined): Promise<Collection> {
    const collection = this.require(idOrName);
    if (collection.system) throw new ApiError(400, 'Failed to delete collection.', {});
    const referencedBy = this.registry
      .all()
      .filter(
        (c) =>
          c.id !== collection.id &&
          c.fields.some((f) => f.type === 'relation' && f.collectionId === collection.id),
      );
    if (referencedBy.length) {
      throw new ApiError(
        400,
        `Failed to delete collection. Make sure that it is not referenced by other collections (${referencedBy.map((c) => c.name).join(', ')}).`,
      );
    }
    await this.inTransaction(trx, async (db) => {
      if (collection.type === 'view') await dropView(db, collection.name);
      else await syncTable(db, this.db.dialect, collection, null);
      await db.deleteFrom('_collections').where('id', '=', collection.id).execute();
    });
    this.registry.remove(collection.id);
    this.changed(trx);
    return collection;
  }

  /** Removes every record of the collection, then their files (cascades are still to come). */
  async truncate(idOrName: string): Promise<void> {
    const collection = this.require(idOrName);
    // The removal reaches the remembered answers through `recordsRemoved`, as a deleted collection's does.
    // eslint-disable-next-line no-restricted-syntax -- announced below, once the rows are gone
    const removed = await sql<{
      id: unknown;
    }>`DELETE FROM ${sql.table(collection.name)} RETURNING "id"`.execute(this.db.kysely);
    await this.recordsRemoved(
      collection,
      removed.rows.map((row) => String(row.id)),
    );
  }

  /** Creates what is missing and updates what exists; with deleteMissing, removes the rest. */
  async import(inputs: unknown[], deleteMissing: boolean): Promise<void> {
    const deleted: Collection[] = [];
    await this.db.kysely
      .transaction()
      .execute(async (trx) => {
        const keep = new Set<string>();
        for (const input of inputs) {
          const given = input as { id?: string; name?: string };
          const existing =
            (given.id && this.registry.find(given.id)) || (given.name && this.registry.find(given.name));
          const saved = existing ? await this.update(existing.id, input, trx) : await this.create(input, trx);
          keep.add(saved.id);
        }
        if (deleteMissing) {
          for (const c of this.registry.all()) {
            if (!keep.has(c.id) && !c.system) deleted.push(await this.deleteDefinition(c.id, trx));
          }
        }
      })
      .then(async () => {
        this.changed(undefined);
        for (const collection of deleted) await this.recordsRemoved(collection, undefined);
      })
      .catch(async (error: unknown) => {
        // The registry was changed as the import went; reload it to match the rolled-back database.
        await this.registry.reload(this.db.kysely);
        throw error;
      });
  }

  require(idOrName: string): Collection {
    const collection = this.registry.find(idOrName);
    if (!collection) throw new ApiError(404);
    return collection;
  }

  private async inTransaction(
    trx: AnyKysely | undefined,
    work: (db: AnyKysely) => Promise<void>,
  ): Promise<void> {
    if (trx) await work(trx);
    else await this.db.kysely.transaction().execute(work);
  }
}
