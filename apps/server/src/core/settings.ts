/**
 * Application settings (`/api/settings`), stored as one JSON document in `_params`. Secrets are masked
 * when read through the API and kept when a masked value is sent back unchanged.
 */
import { z } from 'zod';
import type { AnyKysely } from '../db/types';
import { cronProblem } from '../tools/cron';
import { nowString } from '../tools/dates';

const MASK = '******';

export const settingsSchema = z.object({
  meta: z
    .object({
      appName: z.string().trim().min(1).max(255).default('Size Community'),
      appURL: z.string().trim().default('http://127.0.0.1:8090'),
      senderName: z.string().trim().default('Support'),
      senderAddress: z.string().trim().default('support@example.com'),
      hideControls: z.boolean().default(false),
    })
    .default({
      appName: 'Size Community',
      appURL: 'http://127.0.0.1:8090',
      senderName: 'Support',
      senderAddress: 'support@example.com',
      hideControls: false,
    }),
  batch: z
    .object({
      enabled: z.boolean().default(false),
      maxRequests: z.number().int().min(1).max(1000).default(50),
      timeout: z.number().int().min(1).max(600).default(3),
      maxBodySize: z.number().int().min(0).default(0),
    })
    .default({ enabled: false, maxRequests: 50, timeout: 3, maxBodySize: 0 }),
  rateLimits: z
    .object({
      enabled: z.boolean().default(true),
      rules: z
        .array(
          z.object({
            label: z.string().min(1),
            maxRequests: z.number().int().min(1),
            duration: z.number().int().min(1),
            audience: z.enum(['', '@guest', '@auth']).default(''),
          }),
        )
        .default([]),
    })
    .default({ enabled: true, rules: [] }),
  smtp: z
    .object({
      enabled: z.boolean().default(false),
      host: z.string().default(''),
      port: z.number().int().min(0).max(65535).default(587),
      username: z.string().default(''),
      password: z.string().default(''),
      tls: z.boolean().default(false),
    })
    .default({ enabled: false, host: '', port: 587, username: '', password: '', tls: false }),
  logs: z
    .object({
      maxDays: z.number().int().min(0).default(5),
      minLevel: z.number().int().default(0),
      logIP: z.boolean().default(true),
      logAuthId: z.boolean().default(false),
    })
    .default({ maxDays: 5, minLevel: 0, logIP: true, logAuthId: false }),
  backups: backupsSchema(),
});

/**
 * `backups` as PocketBase has it: `cron` (empty: no scheduled backups), how many scheduled backups
 * to keep, and an optional S3 bucket to keep every backup in instead of `<data>/backups`.
 */
function backupsSchema() {
  const s3 = z
    .object({
      enabled: z.boolean().default(false),
      bucket: z.string().trim().default(''),
      region: z.string().trim().default(''),
      endpoint: z.string().trim().default(''),
      accessKey: z.string().trim().default(''),
      secret: z.string().default(''),
      forcePathStyle: z.boolean().default(false),
    })
    .superRefine((value, ctx) => {
      if (!value.enabled) return;
      for (const key of ['endpoint', 'bucket', 'region', 'accessKey', 'secret'] as const)
        if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'Cannot be blank.' });
      if (value.endpoint && !URL.canParse(value.endpoint))
        ctx.addIssue({ code: 'custom', path: ['endpoint'], message: 'Must be a valid URL.' });
    });
  const defaults = {
    cron: '',
    cronMaxKeep: 3,
    s3: {
      enabled: false,
      bucket: '',
      region: '',
      endpoint: '',
      accessKey: '',
      secret: '',
      forcePathStyle: false,
    },
  };
  return z
    .object({
      cron: z.string().trim().default(''),
      cronMaxKeep: z.number().int().min(0).default(3),
      s3: s3.default(defaults.s3),
    })
    .superRefine((value, ctx) => {
      const problem = value.cron ? cronProblem(value.cron) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['cron'], message: problem });
      if (value.cron && value.cronMaxKeep < 1)
        ctx.addIssue({ code: 'custom', path: ['cronMaxKeep'], message: 'Must be no less than 1.' });
    })
    .default(defaults);
}

export type Settings = z.output<typeof settingsSchema>;

export class SettingsStore {
  private current: Settings;
  private readonly listeners: Array<() => void> = [];
  private readonly reloadListeners: Array<() => void> = [];

  private constructor(initial: Settings) {
    this.current = initial;
  }

  static async load(db: AnyKysely, defaults: { appName: string; appURL: string }): Promise<SettingsStore> {
    const row: { value: string } | undefined = await db
      .selectFrom('_params')
      .select('value')
      .where('id', '=', 'settings')
      .executeTakeFirst();
    const stored: unknown = row ? JSON.parse(row.value) : { meta: defaults };
    return new SettingsStore(settingsSchema.parse(stored));
  }

  /** Reads the stored settings again (after another process changed them). */
  async reload(db: AnyKysely): Promise<void> {
    const row: { value: string } | undefined = await db
      .selectFrom('_params')
      .select('value')
      .where('id', '=', 'settings')
      .executeTakeFirst();
    if (row) this.current = settingsSchema.parse(JSON.parse(row.value));
    for (const listener of this.reloadListeners) listener();
  }

  /** Calls `listener` after the settings were read again (another process changed them). */
  onReloaded(listener: () => void): void {
    this.reloadListeners.push(listener);
  }

  /** Calls `listener` after each stored change. */
  onChanged(listener: () => void): void {
    this.listeners.push(listener);
  }

  get(): Settings {
    return this.current;
  }

  /** The settings as the API shows them, with secrets masked. */
  masked(): Settings {
    const { backups } = this.current;
    return {
      ...this.current,
      smtp: { ...this.current.smtp, password: this.current.smtp.password ? MASK : '' },
      backups: { ...backups, s3: { ...backups.s3, secret: backups.s3.secret ? MASK : '' } },
    };
  }

  /** Deep-merges a partial update, validates it and stores it. Throws the zod error on bad input. */
  async update(db: AnyKysely, patch: Record<string, unknown>): Promise<Settings> {
    const merged = mergeDeep(this.current, patch) as Settings;
    if (merged.smtp.password === MASK) merged.smtp.password = this.current.smtp.password;
    if (merged.backups?.s3?.secret === MASK) merged.backups.s3.secret = this.current.backups.s3.secret;
    const next = settingsSchema.parse(merged);
    const now = nowString();
    const value = JSON.stringify(next);
    const updated = await db
      .updateTable('_params')
      .set({ value, updated: now })
      .where('id', '=', 'settings')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await db.insertInto('_params').values({ id: 'settings', value, created: now, updated: now }).execute();
    this.current = next;
    for (const listener of this.listeners) listener();
    return next;
  }
}

function mergeDeep(base: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  if (base === null || typeof base !== 'object' || Array.isArray(base)) return patch;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) out[key] = mergeDeep(out[key], value);
  return out;
}
