/**
 * A profile carries its member's username (spec part 1 §3 lists `username` on the profile), kept by the
 * server: registration creates the profile with only name and user, and members may not list other
 * users, so `/profiles/{username}` finds a profile by this copy. Whatever a client sends is replaced.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { rawWrite } from '../core/records/scope';
import { text } from './values';

async function copyUsername(event: RecordEvent): Promise<void> {
  const row = await sql<{
    username: string;
  }>`SELECT username FROM users WHERE id = ${text(event.record.user)}`.execute(event.db);
  event.record.username = row.rows[0]?.username ?? '';
}

/** A renamed member's profile follows, in the same transaction. */
async function followRename(event: RecordEvent): Promise<void> {
  const username = text(event.record.username);
  if (username === text(event.previous?.username)) return;
  await rawWrite(
    event.scope,
    { columns: 'profiles', fields: ['username'] },
    sql`UPDATE profiles SET username = ${username} WHERE "user" = ${text(event.record.id)}`,
  );
}

export function registerProfileUsername(core: Core): void {
  core.hooks.on('beforeCreate', copyUsername, 'profiles');
  core.hooks.on('beforeUpdate', copyUsername, 'profiles');
  core.hooks.on('afterUpdate', followRename, 'users');
}
