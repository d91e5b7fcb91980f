/**
 * Kysely drivers for better-sqlite3, in place of Kysely's own SqliteDriver, for four reasons the
 * bench showed (docs/benchmarks.md):
 *
 * - Statements are prepared once per SQL text and reused. Kysely prepares again on every query,
 *   which was about 8% of the server's CPU on cheap requests; bound parameters keep the SQL text
 *   of a request shape constant, so a small cache covers the whole application.
 * - The writer's lock hands the connection over in arrival order with one wake-up per release.
 *   Kysely's lock wakes every waiter on each release and lets them race for it again.
 * - Transactions that queue for the writer commit together, one durable commit for a group
 *   (`WriterDriver`), and each is answered only once that commit has returned.
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

  /** Takes the lock if it is free now; never waits. */
  tryAcquire(): boolean {
    if (this.held) return false;
    this.held = true;
    return true;
  }

  /** Hands the lock to the next waiter; answers true when nobody was waiting, so it is now free. */
  release(): boolean {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
    return !next;
  }
}

const run = async (connection: DatabaseConnection, text: string): Promise<void> => {
  await connection.executeQuery(CompiledQuery.raw(text));
};

/**
 * Most transactions one group's commit makes durable. It bounds how long the first of them waits for
 * its answer: each later member holds the writer for the length of its own transaction.
 */
export const GROUP_COMMIT_MAX = 16;

/** The name of the savepoint each grouped transaction runs in: one runs at a time. */
const MEMBER = 'grouped_transaction';

/**
 * Transactions committed together: one SQLite transaction, each member a savepoint within it. A
 * member is answered when the whole group is durable, never before.
 */
class CommitGroup {
  members = 0;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };
  readonly durable = new Promise<void>((resolve, reject) => {
    this.settle = { resolve, reject };
  });

  constructor() {
    // A group whose members were all answered by its own last commit has no listener.
    this.durable.catch(() => undefined);
  }

  committed(): void {
    this.settle.resolve();
  }

  failed(error: unknown): void {
    this.settle.reject(error);
  }
}

/**
 * One holder's use of the writer, from acquiring it to releasing it. Leases are reused, so Kysely,
 * which remembers every connection object a driver hands out, sees a bounded number of them.
 */
class Lease implements DatabaseConnection {
  /** `member`: inside its savepoint; `waiting`: committed into the group and gave up the writer. */
  state: 'held' | 'member' | 'waiting' = 'held';

  constructor(private readonly driver: WriterDriver) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, compiled);
  }

  streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(this, compiled);
  }
}

/**
 * The one connection that writes. Transactions hold it across awaits, so it is locked, and they
 * commit in groups: with synchronous=FULL every commit waits for the disk, and that wait (a blocking
 * fsync in better-sqlite3) was the largest cost of a write (docs/adr/0016-group-commit.md).
 *
 * A transaction runs in a savepoint of the group's one SQLite transaction. When it commits it
 * releases its savepoint, hands the writer on and waits for the group. The group commits once the
 * writer is free after the requests already received have run (`setImmediate`: the event loop has
 * then read and started every request that had arrived), or when it holds `GROUP_COMMIT_MAX`
 * members. A statement outside a transaction first commits the open group, so it never runs, or
 * answers, inside one.
 */
class WriterDriver implements Driver {
  private readonly lock = new FifoLock();
  private readonly connection: CachedConnection;
  private readonly idle: Lease[] = [];
  private group: CommitGroup | undefined;
  private commitScheduled = false;

  constructor(private readonly db: SQLite.Database) {
    this.connection = new CachedConnection(db, false);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    const lease = this.idle.pop() ?? new Lease(this);
    lease.state = 'held';
    return lease;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // A waiting member gave the writer up when it committed; its lease only returns to the pool.
    if (lease.state !== 'waiting') this.handOn();
    lease.state = 'held';
    this.idle.push(lease);
    return Promise.resolve();
  }

  execute<R>(lease: Lease, compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (lease.state === 'held' && this.group) this.commitGroup();
    return this.connection.executeQuery<R>(compiled);
  }

  stream<R>(lease: Lease, compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (lease.state === 'held' && this.group) this.commitGroup();
    return this.connection.streamQuery<R>(compiled);
  }

  // IMMEDIATE takes the write lock at BEGIN, so a transaction never fails half-way on SQLITE_BUSY
  // when another process (the CLI, a backup) holds the database.
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const lease = connection as Lease;
    if (!this.group) {
      await run(this.connection, 'begin immediate');
      this.group = new CommitGroup();
    }
    await run(this.connection, `savepoint ${MEMBER}`);
    lease.state = 'member';
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const group = this.group!;
    await run(this.connection, `release ${MEMBER}`);
    group.members++;
    if (group.members >= GROUP_COMMIT_MAX) {
      lease.state = 'held';
      this.commitGroup();
    } else {
      lease.state = 'waiting';
      this.handOn();
    }
    return group.durable;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // A member whose group failed to commit was rolled back with it.
    if (lease.state !== 'member') return;
    lease.state = 'held';
    if (!this.db.inTransaction) {
      // SQLite rolled the whole transaction back itself (a full disk, an I/O error): the members
      // committed into it before are lost, and are told so.
      this.failGroup(new Error('SQLite rolled back the transaction of a group of writes'));
      return;
    }
    await run(this.connection, `rollback to ${MEMBER}`);
    await run(this.connection, `release ${MEMBER}`);
  }

  /** Gives the writer to the next waiter; when it is free and a group is open, its commit is due. */
  private handOn(): void {
    if (this.lock.release() && this.group) this.scheduleCommit();
  }

  /**
   * Commits the open group after the requests already received have run. If a transaction holds
   * the writer by then, its release schedules this again.
   */
  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      if (!this.group || !this.lock.tryAcquire()) return;
      this.commitGroup();
      this.lock.release();
    });
  }

  /** Makes the open group durable and answers its waiting members; on failure, rolls it back. */
  private commitGroup(): void {
    const group = this.group!;
    this.group = undefined;
    try {
      this.db.exec('commit');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('rollback');
      group.failed(error);
      return;
    }
    group.committed();
  }

  private failGroup(error: unknown): void {
    const group = this.group;
    this.group = undefined;
    if (this.db.inTransaction) this.db.exec('rollback');
    group?.failed(error);
  }

  destroy(): Promise<void> {
    if (this.group) this.commitGroup();
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
