/**
 * Bulk rows straight through the database layer: rows are buffered, then written as multi-row
 * INSERTs inside one transaction per buffer. No hooks, no rules: the generator keeps the derived
 * values (counters, conversations, the search index) consistent itself.
 */
import type { Core } from '../../apps/server/src/core';
import type { Collection } from '../../apps/server/src/core/collections/model';
import { encodeData, type RecordData } from '../../apps/server/src/core/records/record';

/** Rows per transaction: large enough that commits are rare, small enough to bound memory. */
const ROWS_PER_TRANSACTION = 10_000;
/** Bound parameters per statement, under SQLite's default limit of 32,766. */
const PARAMETERS_PER_INSERT = 30_000;

export class BulkWriter {
  private buffer: Record<string, unknown>[] = [];
  written = 0;

  constructor(
    private readonly core: Core,
    private readonly table: string,
    private readonly encode: (row: RecordData) => Record<string, unknown>,
  ) {}

  /** A writer for a collection: values are encoded as the record layer stores them. */
  static forCollection(core: Core, collection: Collection): BulkWriter {
    return new BulkWriter(core, collection.name, (row) => encodeData(collection, row, core.db.dialect));
  }

  async add(row: RecordData): Promise<void> {
    this.buffer.push(this.encode(row));
    this.written++;
    if (this.buffer.length >= ROWS_PER_TRANSACTION) await this.flush();
  }

  async flush(): Promise<void> {
    const rows = this.buffer;
    if (rows.length === 0) return;
    this.buffer = [];
    // Every row of one table carries the same columns, so one width fits the whole buffer.
    const columns = Math.max(1, Object.keys(rows[0]!).length);
    const perInsert = Math.max(1, Math.min(1000, Math.floor(PARAMETERS_PER_INSERT / columns)));
    await this.core.db.kysely.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += perInsert) {
        await trx
          .insertInto(this.table)
          .values(rows.slice(start, start + perInsert))
          .execute();
      }
    });
  }
}
