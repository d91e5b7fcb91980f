/**
 * What a view collection's rows are made of, as list-cache dependency keys: the rows and every column
 * of each collection its query reads (a relation index table stands for its field's column; a view it
 * reads, for that view's sources). Writes report the keys of the tables they change, never a view's,
 * so an answer that reads a view is remembered on these keys instead; a view whose query reads
 * anything else (a virtual table, a table no collection owns) is never remembered.
 *
 * The database is asked, not the query's text: on SQLite, the tables and indexes the compiled statement
 * opens; on PostgreSQL, the relations the view's rewrite rule depends on. The answer is found once per
 * view and set of definitions, in the background: until it is known, the view is not remembered.
 */
import { sql } from 'kysely';
import type { CollectionRegistry } from '../collections/registry';
import { relationIndexOf } from '../collections/relation-indexes';
import type { Database } from '../../db/types';
import { columnKey, recordKeys } from './list-cache';

/** Opcodes of a SQLite program that open a table or index of the main database by its root page. */
const OPENS = new Set(['OpenRead', 'ReopenIdx']);

/** How long a failed look-up of a view's sources stands before it is tried again. */
const RETRY_MS = 30_000;

export class ViewSources {
  /** Per view name: its sources' keys, or null when it cannot be remembered. */
  private readonly known = new Map<string, readonly string[] | null>();
  private readonly finding = new Map<string, Promise<readonly string[] | null>>();
  private generation = 0;
  private readonly retryMs: number;

  constructor(
    private readonly db: Pick<Database, 'dialect' | 'reader'>,
    private readonly registry: CollectionRegistry,
    options: { retryMs?: number } = {},
  ) {
    this.retryMs = options.retryMs ?? RETRY_MS;
    registry.onChange(() => {
      this.generation++;
      this.known.clear();
      this.finding.clear();
    });
  }

  /**
   * For a dependency key of a view collection: its sources' keys, or null while they are being found
   * or when the view cannot be remembered. Undefined for any other key.
   */
  keysFor(key: string): readonly string[] | null | undefined {
    const view = this.registry.find(key.split('.')[0]!);
    if (view?.type !== 'view') return undefined;
    const known = this.known.get(view.name);
    if (known !== undefined) return known;
    void this.find(view.name).catch(() => undefined);
    return null;
  }

  /**
   * Finds a view's sources (once per set of definitions), and records them. A look-up that fails (the
   * database busy or away) is asked again once `retryMs` has passed, not at every request meanwhile;
   * until then the view is not remembered, which is slower but never stale.
   */
  find(name: string): Promise<readonly string[] | null> {
    const started = this.finding.get(name);
    if (started) return started;
    const generation = this.generation;
    const finding: Promise<readonly string[] | null> = this.sourcesOf(name, new Set([name])).then(
      (keys) => {
        if (generation === this.generation) this.known.set(name, keys);
        return keys;
      },
      (error: unknown) => {
        const forget = () => {
          if (this.finding.get(name) === finding) this.finding.delete(name);
        };
        setTimeout(forget, this.retryMs).unref();
        throw error;
      },
    );
    this.finding.set(name, finding);
    return finding;
  }

  private async sourcesOf(name: string, seen: Set<string>): Promise<readonly string[] | null> {
    const keys = new Set<string>();
    for (const table of await this.tablesRead(name)) {
      const collection = this.registry.find(table);
      if (collection?.type === 'view') {
        if (seen.has(collection.name)) return null;
        const inner = await this.sourcesOf(collection.name, new Set([...seen, collection.name]));
        if (!inner) return null;
        inner.forEach((key) => keys.add(key));
      } else if (collection) {
        recordKeys(collection).forEach((key) => keys.add(key));
      } else {
        const column = this.relationColumn(table);
        if (!column) return null;
        keys.add(column);
      }
    }
    return [...keys];
  }

  /** The key of the relation field whose index table this is, if it is one. */
  private relationColumn(table: string): string | undefined {
    for (const collection of this.registry.all()) {
      for (const field of collection.fields) {
        if (relationIndexOf(collection, field) === table) return columnKey(collection.name, field.name);
      }
    }
    return undefined;
  }

  /** The names of the tables and views a view's query reads directly. */
  private async tablesRead(view: string): Promise<string[]> {
    if (this.db.dialect === 'postgres') {
      const rows = await sql<{ name: string }>`SELECT DISTINCT c.relname AS name FROM pg_rewrite r
        JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
          AND d.refclassid = 'pg_class'::regclass
        JOIN pg_class c ON c.oid = d.refobjid
        WHERE r.ev_class = to_regclass(quote_ident(${view})) AND d.refobjid <> r.ev_class`.execute(
        this.db.reader,
      );
      return rows.rows.map((row) => row.name);
    }
    const program = await sql<{ opcode: string; p2: number; p3: number }>`EXPLAIN SELECT * FROM ${sql.table(
      view,
    )}`.execute(this.db.reader);
    if (program.rows.some((op) => op.opcode === 'VOpen')) return ['\u0000virtual table'];
    const pages = program.rows.filter((op) => OPENS.has(op.opcode) && op.p3 === 0).map((op) => op.p2);
    if (pages.length === 0) return [];
    const owners = await sql<{ name: string }>`SELECT DISTINCT tbl_name AS name FROM sqlite_master
      WHERE rootpage IN (${sql.join(pages)})`.execute(this.db.reader);
    return owners.rows.map((row) => row.name);
  }
}
