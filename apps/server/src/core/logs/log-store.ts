/**
 * The stored logs (`_logs`, db/logs-database.ts) as PocketBase's logs API reads them: a page under a
 * filter and sort over the log fields (log-fields.ts), one entry by id, hourly counts, and the
 * removal of entries older than the retention the settings give.
 */
import { FilterSyntaxError, parseFilter, parseSort } from '@community/filter';
import { sql, type RawBuilder } from 'kysely';
import type { LogsDatabase } from '../../db/logs-database';
import { ApiError } from '../../tools/api-error';
import { compileFilter } from '../../tools/search/compiler';
import { FilterResolveError } from '../../tools/search/operand';
import { LogFieldResolver } from './log-fields';

/** PocketBase's (slog's) levels. */
export const LOG_LEVELS = { debug: -4, info: 0, warn: 4, error: 8 } as const;

export interface LogEntry {
  id: string;
  /** PocketBase's date format, `2006-01-02 15:04:05.000Z`. */
  created: string;
  level: number;
  message: string;
  data: Record<string, unknown>;
}

export interface LogListQuery {
  page: number;
  perPage: number;
  filter?: string | undefined;
  sort?: string | undefined;
  skipTotal?: boolean;
}

export interface LogPage {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: LogEntry[];
}

/** Rows per INSERT statement (five parameters each, well inside either database's limit). */
const INSERT_CHUNK = 200;

interface LogRow {
  id: string;
  created: string;
  level: number | string;
  message: string;
  data: unknown;
}

export class LogStore {
  private readonly resolver: LogFieldResolver;

  constructor(private readonly logsDb: LogsDatabase) {
    this.resolver = new LogFieldResolver(logsDb.flavor);
  }

  async insert(entries: readonly LogEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
      const rows = entries.slice(start, start + INSERT_CHUNK).map((entry) => ({
        id: entry.id,
        created: entry.created,
        level: entry.level,
        message: entry.message,
        data: JSON.stringify(entry.data),
      }));
      await this.logsDb.kysely.insertInto('_logs').values(rows).execute();
    }
  }

  async list(query: LogListQuery): Promise<LogPage> {
    const where = this.where(query.filter);
    const order = this.orderBy(query.sort);
    const offset = (query.page - 1) * query.perPage;
    const rows =
      await sql<LogRow>`SELECT id, created, level, message, data FROM _logs WHERE ${where} ORDER BY ${order} LIMIT ${query.perPage} OFFSET ${offset}`.execute(
        this.logsDb.kysely,
      );
    let totalItems = -1;
    let totalPages = -1;
    if (!query.skipTotal) {
      const count = await sql<{
        total: number | string;
      }>`SELECT COUNT(*) AS total FROM _logs WHERE ${where}`.execute(this.logsDb.kysely);
      totalItems = Number(count.rows[0]?.total ?? 0);
      totalPages = Math.ceil(totalItems / query.perPage);
    }
    return {
      page: query.page,
      perPage: query.perPage,
      totalItems,
      totalPages,
      items: rows.rows.map(toEntry),
    };
  }

  async find(id: string): Promise<LogEntry | undefined> {
    const row =
      await sql<LogRow>`SELECT id, created, level, message, data FROM _logs WHERE id = ${id}`.execute(
        this.logsDb.kysely,
      );
    return row.rows[0] ? toEntry(row.rows[0]) : undefined;
  }

  /** Entries per hour under `filter`, oldest hour first, as `{date, total}`. */
  async stats(filter: string | undefined): Promise<Array<{ date: string; total: number }>> {
    const where = this.where(filter, 'Invalid filter format.');
    // The stored dates are text in one fixed layout, so the hour is their first 13 characters.
    const result = await sql<{
      date: string;
      total: number | string;
    }>`SELECT substr(created, 1, 13) || ':00:00.000Z' AS date, COUNT(id) AS total FROM _logs WHERE ${where} GROUP BY substr(created, 1, 13) ORDER BY 1`.execute(
      this.logsDb.kysely,
    );
    return result.rows.map((row) => ({ date: row.date, total: Number(row.total) }));
  }

  /** Removes the entries created at `cutoff` or before; returns how many. */
  async deleteCreatedUpTo(cutoff: string): Promise<number> {
    const result = await sql`DELETE FROM _logs WHERE created <= ${cutoff}`.execute(this.logsDb.kysely);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * Removes every entry whose message or data carries `needle` (an erased account's id in a request's
   * address, issue 45); returns how many. A full scan, fine for something as rare as an erasure.
   */
  async deleteMentioning(needle: string): Promise<number> {
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const result = await sql`DELETE FROM _logs
      WHERE message LIKE ${like} ESCAPE '\\' OR CAST(data AS TEXT) LIKE ${like} ESCAPE '\\'`.execute(
      this.logsDb.kysely,
    );
    return Number(result.numAffectedRows ?? 0);
  }

  private where(filter: string | undefined, invalid?: string): RawBuilder<unknown> {
    if (!filter?.trim()) return sql`1 = 1`;
    return asBadRequest(() => compileFilter(parseFilter(filter), this.resolver, this.logsDb.flavor), invalid);
  }

  private orderBy(sort: string | undefined): RawBuilder<unknown> {
    // Newest first unless asked otherwise; the id breaks ties so pages never overlap.
    if (!sort?.trim()) return sql`created DESC, id DESC`;
    return asBadRequest(() => {
      const parts = parseSort(sort).map(({ field, direction }) => {
        const dir = sql.raw(direction);
        if (field.kind === 'random') return sql`${this.logsDb.flavor.random()}`;
        // PocketBase's dashboard sorts logs by `@rowid`: entries are stored in the order they came.
        if (field.raw === '@rowid') return sql`created ${dir}, id ${dir}`;
        const resolved = this.resolver.resolveIdentifier(field);
        if (resolved.kind !== 'sql') throw new FilterResolveError(`cannot sort by ${field.raw}`);
        return sql`${resolved.expr} ${dir}`;
      });
      return sql.join([...parts, sql`id DESC`]);
    });
  }
}

function toEntry(row: LogRow): LogEntry {
  const data: unknown = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  return {
    id: row.id,
    created: row.created,
    level: Number(row.level),
    message: row.message,
    data: (data ?? {}) as Record<string, unknown>,
  };
}

function asBadRequest<T>(build: () => T, message?: string): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof FilterSyntaxError || error instanceof FilterResolveError)
      throw new ApiError(400, message);
    throw error;
  }
}
