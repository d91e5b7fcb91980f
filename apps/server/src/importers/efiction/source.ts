/**
 * The eFiction archive's MySQL (or MariaDB) database, read only. Text columns come back as the bytes
 * stored, never converted by the server (`character_set_results` is unset), and are decoded one value at
 * a time (../legacy-text.ts). Every failure to reach or read the database is an ImportError that names
 * what is wrong and never repeats the password.
 */
import mysql from 'mysql2/promise';
import { decodeLegacyText } from '../legacy-text';

/** A problem the operator fixes (a bad connection string, a missing table): printed as it is. */
export class ImportError extends Error {
  override name = 'ImportError';
}

export interface ConnectionTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** `mysql://USER:PASS@HOST:PORT/DBNAME`, as the command takes it. */
export function parseConnectionString(url: string): ConnectionTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ImportError('--db must look like mysql://USER:PASS@HOST:PORT/DBNAME.');
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:')
    throw new ImportError(`--db must start with mysql:// (it starts with ${parsed.protocol}//).`);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database || database.includes('/'))
    throw new ImportError('--db must name the database: mysql://USER:PASS@HOST:PORT/DBNAME.');
  if (!parsed.username) throw new ImportError('--db must name the user: mysql://USER:PASS@HOST:PORT/DBNAME.');
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database,
  };
}

const where = (t: ConnectionTarget) => `${t.host}:${t.port}`;

function connectionProblem(error: unknown, target: ConnectionTarget): ImportError {
  const { code, message } = error as { code?: string; message?: string };
  switch (code) {
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
      return new ImportError(
        `MySQL at ${where(target)} refused user "${target.user}" for database "${target.database}": check the user and password in --db.`,
      );
    case 'ER_BAD_DB_ERROR':
      return new ImportError(`There is no database "${target.database}" on MySQL at ${where(target)}.`);
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return new ImportError(`Cannot reach MySQL at ${where(target)} (${code}).`);
    default:
      // Driver messages name the user and host, never the password; still, leave nothing to chance.
      return new ImportError(
        `Cannot read the database "${target.database}" at ${where(target)}: ${(message ?? String(error)).split(target.password || '\u0000').join('***')}`,
      );
  }
}

/** Column types whose values are bytes to decode (text, varchar, char, blobs). */
const TEXT_TYPES = new Set([
  'VAR_STRING',
  'STRING',
  'VARCHAR',
  'BLOB',
  'TINY_BLOB',
  'MEDIUM_BLOB',
  'LONG_BLOB',
]);

export type Row = Record<string, string | number | null>;

export class EfictionDatabase {
  private constructor(
    private readonly connection: mysql.Connection,
    readonly target: ConnectionTarget,
    /** The tables' prefix, `fanfiction_` by default. */
    readonly prefix: string,
    private readonly tables: Set<string>,
  ) {}

  static async open(url: string, prefix: string): Promise<EfictionDatabase> {
    if (!/^[A-Za-z0-9_]*$/.test(prefix))
      throw new ImportError(`--prefix may hold only letters, digits and "_" (got "${prefix}").`);
    const target = parseConnectionString(url);
    let connection: mysql.Connection;
    try {
      connection = await mysql.createConnection({
        ...target,
        connectTimeout: 10_000,
        // Numbers as numbers, every text column as its raw bytes (decoded here, value by value).
        typeCast: (field, next) => (TEXT_TYPES.has(field.type) ? field.buffer() : next()),
        supportBigNumbers: true,
      });
      await connection.query('SET character_set_results = NULL');
    } catch (error) {
      throw connectionProblem(error, target);
    }
    const [rows] = await connection.query<mysql.RowDataPacket[]>(
      'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
    );
    const tables = new Set(rows.map((row) => decodeLegacyText(row.name as Buffer)));
    return new EfictionDatabase(connection, target, prefix, tables);
  }

  /** The full name of one of the archive's tables (`authors` -> `fanfiction_authors`). */
  table(name: string): string {
    return `${this.prefix}${name}`;
  }

  has(name: string): boolean {
    return this.tables.has(this.table(name));
  }

  /** Refuses to go on without the tables an eFiction 3 archive always has, naming the missing ones. */
  requireTables(names: readonly string[]): void {
    const missing = names.filter((name) => !this.has(name)).map((name) => this.table(name));
    if (missing.length) {
      throw new ImportError(
        `The database "${this.target.database}" has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}: is it an eFiction 3 archive, and is its table prefix "${this.prefix}" (--prefix)?`,
      );
    }
  }

  async columns(name: string): Promise<Set<string>> {
    const [rows] = await this.connection.query<mysql.RowDataPacket[]>(
      'SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
      [this.table(name)],
    );
    return new Set(rows.map((row) => decodeLegacyText(row.name as Buffer)));
  }

  /** Rows of a query, text decoded. `sql` names tables through `table()` only; values are bound. */
  async rows(sqlText: string, values: unknown[] = []): Promise<Row[]> {
    let result: mysql.RowDataPacket[];
    try {
      [result] = await this.connection.query<mysql.RowDataPacket[]>(sqlText, values);
    } catch (error) {
      throw connectionProblem(error, this.target);
    }
    return result.map((raw) => {
      const row: Row = {};
      for (const [key, value] of Object.entries(raw)) {
        row[key] = Buffer.isBuffer(value)
          ? decodeLegacyText(value)
          : typeof value === 'bigint'
            ? Number(value)
            : (value as number | null);
      }
      return row;
    });
  }

  async close(): Promise<void> {
    await this.connection.end().catch(() => undefined);
  }
}
