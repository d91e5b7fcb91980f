/**
 * Kysely drivers for better-sqlite3, in place of Kysely's own SqliteDriver, for three reasons the
 * bench showed (docs/benchmarks.md):
 *
 * - Statements are prepared once per SQL text and reused. Kysely prepares again on every query,
 *   which was about 8% of the server's CPU on cheap requests; bound parameters keep the SQL text
 *   of a request shape constant, so a small cache covers the whole application.
 * - The writer's lock hands the connection over in arrival order with one wake-up per release.
 *   Kysely's lock wakes every waiter on each release and lets them race for it again.
 * - The reader needs no lock at all. better-sqlite3 runs each statement to completion
 *   synchronously, and the reader never opens a transaction, so nothing can interleave on it. A
 *   separate read-only connection also means a read never waits behind a write transaction that is
 *   awaiting something (a hook, a password hash): in WAL mode it reads the last committed state.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** Distinct SQL texts kept prepared per connection; the least recently used goes first. */
const STATEMENT_CACHE_SIZE = 500;

class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly db: SQLite.Database) {}

  get(sqlText: string): SQLite.Statement {
    let statement = this.statements.get(sqlText);
    if (statement) {
      // Re-inserting moves it to the end of the map's order: most recently used.
      this.statements.delete(sqlText);
    } else {
      statement = this.db.prepare(sqlText);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        this.statements.delete(this.statements.keys().next().value!);
      }
    }
    this.statements.set(sqlText, statement);
    return statement;
  }
}

class CachedConnection implements DatabaseConnection {
  private readonly cache: StatementCache;

  constructor(
    private readonly db: SQLite.Database,
    private readonly readOnly: boolean,
  ) {
    this.cache = new StatementCache(db);
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.cache.get(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    if (this.readOnly) return Promise.reject(new Error('the read connection does not write'));
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // A statement being iterated is busy until the iteration ends, so streams get their own.
    const statement = this.db.prepare(compiled.sql);
    if (!statement.reader) throw new Error('only SELECT statements can be streamed');
    for (const row of statement.iterate(compiled.parameters)) yield { rows: [row as R] };
  }
}

/** A first-come, first-served lock: each release wakes exactly the next waiter. */
class FifoLock {
  private held = false;
  private readonly waiters: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

const run = async (connection: DatabaseConnection, text: string): Promise<void> => {
  await connection.executeQuery(CompiledQuery.raw(text));
};

/** The one connection that writes: transactions hold it across awaits, so it is locked. */
class WriterDriver implements Driver {
  private readonly lock = new FifoLock();
  private readonly connection: CachedConnection;

  constructor(private readonly db: SQLite.Database) {
    this.connection = new CachedConnection(db, false);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.connection;
  }

  releaseConnection(): Promise<void> {
    this.lock.release();
    return Promise.resolve();
  }

  // IMMEDIATE takes the write lock at BEGIN, so a transaction never fails half-way on SQLITE_BUSY
  // when another process (the CLI, a backup) holds the database.
  beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    return run(connection, 'begin immediate');
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return run(connection, 'commit');
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return run(connection, 'rollback');
  }

  destroy(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

/** A read-only connection shared by every concurrent read, without a lock (see the top). */
class ReaderDriver implements Driver {
  private readonly connection: CachedConnection;

  constructor(private readonly db: SQLite.Database) {
    this.connection = new CachedConnection(db, true);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(this.connection);
  }

  async releaseConnection(): Promise<void> {}

  beginTransaction(): Promise<void> {
    return Promise.reject(new Error('the read connection has no transactions; use the writer'));
  }

  commitTransaction(): Promise<void> {
    return this.beginTransaction();
  }

  rollbackTransaction(): Promise<void> {
    return this.beginTransaction();
  }

  destroy(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

/** Kysely's SQLite dialect (adapter, compiler, introspector) with one of the drivers above. */
export class BetterSqliteDialect extends SqliteDialect {
  constructor(
    private readonly connection: SQLite.Database,
    private readonly role: 'writer' | 'reader',
  ) {
    super({ database: connection });
  }

  override createDriver(): Driver {
    return this.role === 'writer' ? new WriterDriver(this.connection) : new ReaderDriver(this.connection);
  }
}
