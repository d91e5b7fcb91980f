/**
 * The site side every importer shares: it writes what an old archive held through the core, as any other
 * write (rules of the fields, hooks, counters, search index), marked as history (site/history.ts: nobody
 * is notified, nothing is submitted for review), in batches of one transaction each. Every record made
 * for a thing of the old archive is linked to it (`import_links`), so a second run finds it and neither
 * adds it again nor overwrites what members changed since. Records keep the old archive's dates.
 *
 * A dry run goes through the same steps without writing: it makes up ids, keeps its links in memory, and
 * counts, so the summary says exactly what a real run would do.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import type { RecordContext } from '../core/records/context';
import type { RecordData } from '../core/records/record';
import { inWriteScope, type WriteScope } from '../core/records/scope';
import { createRecord, updateRecord } from '../core/records/write';
import { systemRequest, type RequestInfo } from '../core/rules/request-info';
import type { AnyKysely } from '../db/types';
import { isHistory, writeAsHistory } from '../site/history';
import { ALPHANUMERIC, randomId, randomString } from '../tools/security/random';
import type { ImportReport } from './report';

/** When a record happened in the old archive: its `created`, and its `updated` where it has one. */
export interface Dates {
  created: string;
  updated?: string;
}

const linkKey = (kind: string, legacyId: string) => `${kind}\u0000${legacyId}`;

export class ArchiveWriter {
  private readonly links = new Map<string, string>();
  /** Links made in the open batch: forgotten again when it rolls back. */
  private batchLinks: string[] = [];
  private readonly pendingDates = new Map<string, Dates>();
  private scope: WriteScope | null = null;
  private readonly system: RequestInfo;
  private readonly stopDates: () => void;
  /**
   * The record layer as the import writes through it. Accounts it makes open only with their old
   * password or after a reset, so the password they are made with is one nobody knows: its bcrypt hash
   * is made once for all of them rather than once per member (a quarter of a second each, thousands of
   * members). Every other write, and every hook's, goes through the core's own context.
   */
  private readonly records: RecordContext;

  private constructor(
    readonly core: Core,
    /** Which archive: `efiction:<sitekey>`. */
    readonly source: string,
    readonly dryRun: boolean,
    readonly report: ImportReport,
    unusablePasswordHash: string,
  ) {
    this.system = systemRequest(core.registry.find('_superusers')!);
    this.records = {
      ...core.records,
      passwords: {
        hash: () => Promise.resolve(unusablePasswordHash),
        verify: (plain, hash) => core.passwords.verify(plain, hash),
      },
    };
    // Registered last, so the old dates replace the ones the record layer set, after every site hook.
    this.stopDates = core.hooks.on('beforeCreate', (event) => this.keepOldDates(event));
  }

  static async open(
    core: Core,
    source: string,
    options: { dryRun: boolean; report: ImportReport },
  ): Promise<ArchiveWriter> {
    const unusable = options.dryRun ? '' : await core.passwords.hash(randomString(48, ALPHANUMERIC));
    const writer = new ArchiveWriter(core, source, options.dryRun, options.report, unusable);
    const rows = await sql<{
      kind: string;
      legacy_id: string;
      record: string | null;
    }>`SELECT kind, legacy_id, record FROM import_links WHERE source = ${source}`.execute(core.db.reader);
    for (const row of rows.rows) writer.links.set(linkKey(row.kind, row.legacy_id), row.record ?? '');
    return writer;
  }

  close(): void {
    this.stopDates();
  }

  /** The record a thing of the old archive became, if an import (this one or an earlier) made it. */
  linked(kind: string, legacyId: string | number): string | undefined {
    return this.links.get(linkKey(kind, String(legacyId)));
  }

  /** Where reads inside a batch go: the batch's transaction (it sees its own writes), else the pool. */
  get db(): AnyKysely {
    return this.scope?.db ?? this.core.db.kysely;
  }

  /** Runs `work` as one transaction of history (nothing is written in a dry run). */
  async batch<T>(work: () => Promise<T>): Promise<T> {
    if (this.dryRun) return work();
    this.batchLinks = [];
    try {
      return await inWriteScope(this.core.records, undefined, async (scope) => {
        writeAsHistory(scope);
        this.scope = scope;
        return work();
      });
    } catch (error) {
      for (const key of this.batchLinks) this.links.delete(key);
      throw error;
    } finally {
      this.scope = null;
      this.batchLinks = [];
    }
  }

  /**
   * Creates the record `kind` `legacyId` becomes, with the old archive's dates, and links them; or
   * returns the record an import made for it before. `what` names it in the summary (null: not counted,
   * a part of something counted already).
   */
  async create(
    what: string | null,
    kind: string,
    legacyId: string | number,
    collection: string,
    data: RecordData,
    dates?: Dates,
  ): Promise<string> {
    const existing = this.linked(kind, legacyId);
    if (existing !== undefined) {
      if (what) this.report.wasThere(what);
      return existing;
    }
    const id = await this.createUnlinked(collection, data, dates);
    await this.link(kind, legacyId, id);
    if (what) this.report.wasImported(what);
    return id;
  }

  /** Creates a record that belongs to one already linked (a member's profile), with the old dates. */
  async createUnlinked(collection: string, data: RecordData, dates?: Dates): Promise<string> {
    const id = randomId();
    if (this.dryRun) return id;
    if (dates) this.pendingDates.set(id, dates);
    try {
      await createRecord(
        this.records,
        this.collection(collection),
        { ...data, id },
        this.system,
        this.inBatch(),
      );
    } finally {
      this.pendingDates.delete(id);
    }
    return id;
  }

  /** Links a thing of the old archive to a record that exists already (a member's own account). */
  async link(kind: string, legacyId: string | number, record: string): Promise<void> {
    const key = linkKey(kind, String(legacyId));
    if (!this.dryRun) {
      await createRecord(
        this.core.records,
        this.collection('import_links'),
        { source: this.source, kind, legacy_id: String(legacyId), record },
        this.system,
        this.inBatch(),
      );
      this.batchLinks.push(key);
    }
    this.links.set(key, record);
  }

  async update(collection: string, id: string, data: RecordData): Promise<void> {
    if (this.dryRun) return;
    await updateRecord(this.core.records, this.collection(collection), id, data, this.system, this.inBatch());
  }

  private collection(name: string) {
    const collection = this.core.registry.find(name);
    if (!collection) throw new Error(`the ${name} collection is missing`);
    return collection;
  }

  private inBatch(): WriteScope {
    if (!this.scope) throw new Error('an import writes inside ArchiveWriter.batch()');
    return this.scope;
  }

  private keepOldDates(event: RecordEvent): void {
    const dates = this.pendingDates.get(String(event.record.id));
    if (!dates || !isHistory(event.scope)) return;
    for (const field of event.collection.fields) {
      if (field.type !== 'autodate' || !dates.created) continue;
      event.record[field.name] = field.onUpdate ? (dates.updated ?? dates.created) : dates.created;
    }
  }
}
