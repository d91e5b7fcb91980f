/**
 * Presence (PRODUCT.md §8): the app heartbeats every 60 s; a sweep marks an `online` record that has
 * not been updated for 3 minutes as `offline`, through the record service so live subscribers see it.
 * Every process keeps the timer; the core's job lock lets only one of them sweep each time.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { formatDate } from '../tools/dates';

export const PRESENCE_IDLE_MS = 3 * 60_000;

/**
 * An `invisible` member reads as offline to others (PRODUCT.md §2). The status is stored as `offline`,
 * so no list, view or live event can tell a hidden member from an absent one; the member's own
 * `appear_online` setting is what remembers the choice.
 */
function hideInvisible(event: RecordEvent): void {
  if (event.record.status === 'invisible') event.record.status = 'offline';
  // Invisible means invisible (PRODUCT.md §15): an offline record's heartbeat changes nothing anyone
  // can see, not even `updated`; an unchanged record sends no live event (core/realtime/service.ts).
  if (event.previous?.status === 'offline' && event.record.status === 'offline')
    event.record.updated = event.previous.updated;
}

export function registerPresence(core: Core): void {
  core.hooks.on('beforeCreate', hideInvisible, 'presence');
  core.hooks.on('beforeUpdate', hideInvisible, 'presence');
}
export const PRESENCE_SWEEP_EVERY_MS = 60_000;

export async function sweepPresence(core: Core, now = Date.now()): Promise<number> {
  const cutoff = formatDate(new Date(now - PRESENCE_IDLE_MS));
  const stale = await sql<{
    id: string;
  }>`SELECT id FROM presence WHERE status = 'online' AND updated < ${cutoff}`.execute(core.db.kysely);
  const presence = core.registry.find('presence')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  for (const { id } of stale.rows)
    await updateRecord(core.records, presence, id, { status: 'offline' }, system);
  return stale.rows.length;
}

/** The sweep, unless another process runs it this time; true when it ran here. */
export function sweepPresenceOnce(core: Core, now = Date.now()): Promise<boolean> {
  return core.jobs.run('presence-sweep', PRESENCE_SWEEP_EVERY_MS, async () => {
    await sweepPresence(core, now);
  });
}

export const PRESENCE_SWEEP_JOB = 'presence-sweep';

/** Adds the sweep to the periodic jobs (`/api/crons`), every minute. */
export function schedulePresenceSweep(core: Core): void {
  core.crons.add(PRESENCE_SWEEP_JOB, { cron: '* * * * *' }, async () => {
    await sweepPresence(core);
  });
}
