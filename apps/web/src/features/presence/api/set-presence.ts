import { ClientResponseError } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';

export type PresenceStatus = 'online' | 'invisible' | 'offline';

/** Spec part 2 §4: the status chosen at start from the member's `appear_online` setting (default on). */
export function initialStatus(settings: { appear_online?: unknown } | null | undefined): PresenceStatus {
  return settings?.appear_online === false ? 'invisible' : 'online';
}

/**
 * "init presence and set presence" (spec part 2 §7): the record's id is the member's id; it is updated,
 * or created when absent. Each heartbeat sends it again, which also moves `updated` on.
 */
export async function setPresence(userId: string, status: PresenceStatus): Promise<void> {
  const presence = pb.collection('presence');
  try {
    await presence.update(userId, { status });
  } catch (error) {
    if (!(error instanceof ClientResponseError) || error.status !== 404) throw error;
    await presence.create({ id: userId, user: userId, status });
  }
}
