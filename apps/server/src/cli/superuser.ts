import { sql } from 'kysely';
import type { Core } from '../core';
import { SUPERUSERS_ID } from '../core/migrations/0003_superusers';
import { createRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { ApiError } from '../tools/api-error';

/** Creates the superuser, or sets the password of the existing one with that email. */
export async function upsertSuperuser(
  core: Core,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  const collection = core.registry.find(SUPERUSERS_ID);
  if (!collection) throw new Error('the _superusers collection is missing; run `migrate` first');
  const request = systemRequest(collection);
  const existing = await sql<{
    id: string;
  }>`SELECT id FROM "_superusers" WHERE LOWER(email) = ${email.trim().toLowerCase()}`.execute(core.db.kysely);
  const id = existing.rows[0]?.id;
  try {
    if (id) {
      await updateRecord(core.records, collection, id, { password, passwordConfirm: password }, request);
      return 'updated';
    }
    await createRecord(
      core.records,
      collection,
      { email, password, passwordConfirm: password, verified: true },
      request,
    );
    return 'created';
  } catch (error) {
    if (error instanceof ApiError) {
      const details = Object.entries(error.data)
        .map(([field, e]) => `${field}: ${(e as { message?: string }).message ?? ''}`)
        .join('; ');
      throw new Error(`${error.message} ${details}`.trim());
    }
    throw error;
  }
}
