/**
 * The domain, assembled: collections, records, rules, tokens, settings and the hook bus. The HTTP
 * layer and the CLI receive one `Core`; nothing below it knows about Fastify.
 */
import type { Database } from '../db/types';
import { MemoryRateLimiter } from '../tools/rate-limiter';
import { PasswordHasher } from '../tools/security/password';
import type { AccountMailDeps } from './auth/account-mail';
import { TokenService } from './auth/tokens';
import type { Mailer } from './mail/mailer';
import { CollectionRegistry } from './collections/registry';
import { CollectionService } from './collections/service';
import { Hooks } from './hooks';
import type { RecordContext } from './records/context';
import { SettingsStore } from './settings';
import { RealtimeService } from './realtime';
import { checkCollectionRules } from './rules/validate-rules';

export interface Core {
  db: Database;
  registry: CollectionRegistry;
  collections: CollectionService;
  records: RecordContext;
  hooks: Hooks;
  tokens: TokenService;
  settings: SettingsStore;
  passwords: PasswordHasher;
  accountMail: AccountMailDeps;
  realtime: RealtimeService;
  close(): Promise<void>;
}

export interface CoreOptions {
  appName: string;
  appURL: string;
  /** bcrypt cost (at least 10). */
  bcryptCost?: number;
  mailer: Mailer;
}

export async function createCore(db: Database, options: CoreOptions): Promise<Core> {
  const registry = await CollectionRegistry.load(db.kysely);
  const hooks = new Hooks();
  const passwords = new PasswordHasher({ cost: options.bcryptCost ?? 10 });
  const secretRow: { value: string } = await db.kysely
    .selectFrom('_params')
    .select('value')
    .where('id', '=', 'secret')
    .executeTakeFirstOrThrow();
  const tokens = new TokenService(JSON.parse(secretRow.value) as string, registry);
  const settings = await SettingsStore.load(db.kysely, { appName: options.appName, appURL: options.appURL });
  const records: RecordContext = { db, registry, hooks, passwords };
  const collections = new CollectionService(db, registry, [checkCollectionRules(db.flavor)]);
  const realtime = new RealtimeService(records);
  return {
    db,
    registry,
    collections,
    records,
    hooks,
    tokens,
    settings,
    passwords,
    accountMail: {
      records,
      tokens,
      mailer: options.mailer,
      mail: { siteTitle: options.appName, publicUrl: options.appURL },
      attempts: new MemoryRateLimiter(),
    },
    realtime,
    close: async () => {
      await realtime.close();
      await passwords.close();
      await options.mailer.close();
    },
  };
}
