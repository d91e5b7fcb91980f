/**
 * The database floor of a scenario: the exact statements the server runs for one request, replayed
 * straight through the driver with no HTTP, no rule compilation and no JSON in between.
 *
 * The statements are captured by running the server's own record functions (token check, list,
 * expand, view) against a Kysely instance that logs every query, on a connection of our own. They
 * are then replayed with the server's connection settings: on SQLite in one synchronous loop
 * (better-sqlite3 blocks its thread, so one thread is the honest unit) on a connection given the
 * same PRAGMAs as the server's, statements prepared once; on PostgreSQL through a pool opened by the
 * server's own `openPostgres` (same size, same session options) shared by 50 concurrent callers.
 */
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import type { Core } from '../apps/server/src/core';
import type { RecordContext } from '../apps/server/src/core/records/context';
import { openPostgres } from '../apps/server/src/db/postgres/connect';
import { openSqlite } from '../apps/server/src/db/sqlite/connect';
import type { AnyKysely } from '../apps/server/src/db/types';
import { MeasureWindow, summarize, type LatencySummary } from './load';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

export interface FloorResult extends LatencySummary {
  /** Replayed requests (all statements of one request) per second. */
  rps: number;
  statements: number;
  concurrency: number;
  errors: number;
}

export interface DriverFloor {
  readonly label: string;
  /** Runs `replay` against a logging connection and returns the statements it issued. */
  capture(replay: (ctx: RecordContext) => Promise<void>): Promise<Statement[]>;
  /** Forgets the totals and pages the captures' list cache remembers, so the next capture runs cold. */
  forget(): void;
  run(statements: Statement[], seconds: number): Promise<FloorResult>;
  /** The database's query plan for one statement, as text. */
  explain(statement: Statement): Promise<string>;
  close(): Promise<void>;
}

/**
 * A scenario's statements, captured twice: `first` as a cold server runs them (every total counted and
 * every page read: its plans are worth reading), `steady` as the server runs them on every later
 * request, once the totals and pages it keeps are remembered. The floor replays `steady`, so the
 * server is compared with the database work it really asks for per request, whatever ran before it.
 */
export async function captureTwice(
  floor: DriverFloor,
  replay: (ctx: RecordContext) => Promise<void>,
): Promise<{ first: Statement[]; steady: Statement[] }> {
  floor.forget();
  const first = await floor.capture(replay);
  const steady = await floor.capture(replay);
  return { first, steady };
}

const WARMUP_MS = 300;
/**
 * A slow replay runs until at least this many requests completed, and at least one per caller (with
 * 50 callers on a pool of 10, completions come in bursts, so a shorter window misjudges the rate)...
 */
const MIN_COMPLETIONS = 10;
/** ...but at most this much longer than asked. */
const MAX_EXTEND_MS = 8_000;
/** The longest warm-up spent waiting for every caller to complete a replay. */
const MAX_WARMUP_MS = 8_000;

function floorWindow(seconds: number, workers: number): MeasureWindow {
  return new MeasureWindow({
    warmupMs: WARMUP_MS,
    durationMs: seconds * 1000,
    workers,
    minCount: Math.max(MIN_COMPLETIONS, workers),
    maxExtendMs: MAX_EXTEND_MS,
    maxWarmupMs: MAX_WARMUP_MS,
  });
}

function recorder() {
  let sink: Statement[] | null = null;
  return {
    log: (event: LogEvent) => {
      if (event.level === 'query' && sink) {
        sink.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
      }
    },
    async record(work: () => Promise<void>): Promise<Statement[]> {
      const statements: Statement[] = [];
      sink = statements;
      try {
        await work();
      } finally {
        sink = null;
      }
      return statements;
    },
  };
}

/** The server's record context with every query going through `kysely` instead (nothing else changes). */
function contextOver(core: Core, kysely: AnyKysely): RecordContext {
  return { ...core.records, db: { ...core.db, kysely, reader: kysely } };
}

/** Connection settings that change how reads run; copied from a connection the server opened. */
const SQLITE_PRAGMAS = [
  'journal_mode',
  'synchronous',
  'foreign_keys',
  'busy_timeout',
  'cache_size',
  'mmap_size',
  'temp_store',
  'automatic_index',
];

async function serverPragmas(file: string): Promise<Array<[string, unknown]>> {
  const reference = openSqlite(file);
  try {
    const out: Array<[string, unknown]> = [];
    for (const name of SQLITE_PRAGMAS) {
      const result = await sql<Record<string, unknown>>`${sql.raw(`PRAGMA ${name}`)}`.execute(
        reference.kysely,
      );
      const value = Object.values(result.rows[0] ?? {})[0];
      if (typeof value === 'number' || typeof value === 'string') out.push([name, value]);
    }
    return out;
  } finally {
    await reference.destroy();
  }
}

export async function sqliteFloor(core: Core, file: string): Promise<DriverFloor> {
  const pragmas = await serverPragmas(file);
  const connection = new SQLite(file);
  for (const [name, value] of pragmas) connection.pragma(`${name} = ${String(value)}`);
  const log = recorder();
  const kysely: AnyKysely = new Kysely({
    dialect: new SqliteDialect({ database: connection }),
    log: log.log,
  });
  const ctx = contextOver(core, kysely);
  return {
    label: `better-sqlite3, one thread, statements prepared once, the server's PRAGMAs (${pragmas
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(', ')})`,
    capture: (replay) => log.record(() => replay(ctx)),
    forget: () => core.records.lists?.clear(),
    run(statements, seconds) {
      const prepared = statements.map((s) => ({
        statement: connection.prepare(s.sql),
        parameters: s.parameters,
      }));
      const latencies: number[] = [];
      const window = floorWindow(seconds, 1);
      while (window.open()) {
        const t0 = performance.now();
        for (const { statement, parameters } of prepared) {
          if (statement.reader) statement.all(...parameters);
          else statement.run(...parameters);
        }
        const t1 = performance.now();
        if (window.complete(0, t1)) latencies.push(t1 - t0);
      }
      const summary = summarize(latencies);
      return Promise.resolve({
        ...summary,
        rps: summary.count / window.seconds(),
        statements: statements.length,
        concurrency: 1,
        errors: 0,
      });
    },
    explain(statement) {
      const plan = connection
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .all(...statement.parameters) as Array<{ detail: string }>;
      return Promise.resolve(plan.map((step) => step.detail).join('; '));
    },
    close: () => kysely.destroy(),
  };
}

export function postgresFloor(core: Core, connectionString: string, callers: number): DriverFloor {
  // Replays go through a pool the server's own code opens (its size and session options, e.g. jit).
  // A statement that runs past 15 s is cut off and counted as an error, so one pathological plan
  // cannot hold the whole run.
  const limited = new URL(connectionString);
  limited.searchParams.set('options', '-c statement_timeout=15000');
  const server = openPostgres(limited.toString());
  // Capturing only needs the SQL text, on a small pool of its own with a logger.
  const capturePool = new pg.Pool({ connectionString, max: 2 });
  capturePool.on('error', () => undefined);
  const log = recorder();
  const kysely: AnyKysely = new Kysely({ dialect: new PostgresDialect({ pool: capturePool }), log: log.log });
  const ctx = contextOver(core, kysely);
  const execute = (statement: Statement) =>
    server.kysely.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(statement.sql, statement.parameters),
    );
  return {
    label: `node-postgres through the server's own pool (openPostgres defaults, statement_timeout 15 s), ${callers} concurrent callers`,
    capture: (replay) => log.record(() => replay(ctx)),
    forget: () => core.records.lists?.clear(),
    async run(statements, seconds) {
      const latencies: number[] = [];
      let errors = 0;
      const window = floorWindow(seconds, callers);
      const caller = async (id: number) => {
        while (window.open()) {
          const t0 = performance.now();
          let failed = false;
          for (const statement of statements) {
            try {
              await execute(statement);
            } catch {
              failed = true;
            }
          }
          const t1 = performance.now();
          if (!window.complete(id, t1)) continue;
          latencies.push(t1 - t0);
          if (failed) errors++;
        }
      };
      await Promise.all(Array.from({ length: callers }, (_, id) => caller(id)));
      window.close();
      const summary = summarize(latencies);
      return {
        ...summary,
        rps: summary.count / window.seconds(),
        statements: statements.length,
        concurrency: callers,
        errors,
      };
    },
    async explain(statement) {
      const plan = await execute({ sql: `EXPLAIN ${statement.sql}`, parameters: statement.parameters });
      return plan.rows.map((line) => String(line['QUERY PLAN']).trim()).join('; ');
    },
    async close() {
      await kysely.destroy();
      await server.destroy();
    },
  };
}
