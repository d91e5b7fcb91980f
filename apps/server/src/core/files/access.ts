/**
 * Who may download a protected file: the holder of a valid file token (`?token=`), judged by the
 * collection's viewRule with request context `protectedFile` — the same SQL condition a record view
 * uses. A field `readRule` (this server's extension) must let them see the field as well.
 */
import { ApiError } from '../../tools/api-error';
import { isBanned, type TokenService } from '../auth/tokens';
import type { Collection } from '../collections/model';
import { SUPERUSERS_ID } from '../migrations/0003_superusers';
import type { RecordContext } from '../records/context';
import { findRecord } from '../records/find';
import { accessCondition, compileContext, selectColumns } from '../rules/access';
import { unreadableFields } from '../records/record';
import type { AuthInfo, RequestInfo } from '../rules/request-info';

/** The record a file token stands for, as request auth; null for a missing, invalid or expired token. */
export async function fileTokenAuth(
  records: RecordContext,
  tokens: TokenService,
  token: string | undefined,
): Promise<AuthInfo | null> {
  if (!token) return null;
  const found = await tokens.verify(records, token, 'file');
  if (!found || isBanned(found.record)) return null;
  return {
    collection: found.collection,
    record: found.record,
    isSuperuser: found.collection.id === SUPERUSERS_ID,
  };
}

export async function canReadProtectedFile(
  records: RecordContext,
  collection: Collection,
  recordId: string,
  fieldName: string,
  request: RequestInfo,
): Promise<boolean> {
  const info: RequestInfo = { ...request, context: 'protectedFile' };
  const compile = compileContext(records, info);
  let condition;
  try {
    condition = accessCondition(compile, collection, collection.viewRule);
  } catch (error) {
    // A superusers-only viewRule: anyone else simply does not get the file.
    if (error instanceof ApiError) return false;
    throw error;
  }
  const record = await findRecord(
    records,
    collection,
    recordId,
    condition,
    records.db.reader,
    selectColumns(compile, collection),
  );
  return record !== null && !unreadableFields(record).has(fieldName);
}
