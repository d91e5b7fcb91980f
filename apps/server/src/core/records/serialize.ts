/**
 * A record as a client may see it: `collectionId`, `collectionName`, then every field the caller may
 * read. Passwords and token keys never leave; hidden fields only reach superusers; an auth record's
 * email only reaches its owner, superusers, managers, or everyone when `emailVisibility` is on.
 */
import type { Collection } from '../collections/model';
import type { RequestInfo } from '../rules/request-info';
import { unreadableFields, type RecordData } from './record';

export interface SerializeOptions {
  request: RequestInfo;
  /** The caller satisfies the collection's manageRule for this record. */
  canManage?: boolean;
}

export type RecordJson = Record<string, unknown>;

export function serializeRecord(
  collection: Collection,
  data: RecordData,
  options: SerializeOptions,
): RecordJson {
  const auth = options.request.auth;
  const superuser = auth?.isSuperuser === true;
  const isOwner = auth !== null && auth.collection.id === collection.id && auth.record.id === data.id;
  const unreadable = unreadableFields(data);
  const out: RecordJson = { collectionId: collection.id, collectionName: collection.name };
  for (const field of collection.fields) {
    if (collection.type === 'auth' && (field.name === 'password' || field.name === 'tokenKey')) continue;
    if (field.type === 'password') continue;
    if (field.hidden && !superuser) continue;
    if (unreadable.has(field.name)) continue;
    if (collection.type === 'auth' && field.name === 'email') {
      const visible = superuser || isOwner || options.canManage === true || data.emailVisibility === true;
      if (!visible) continue;
    }
    out[field.name] = data[field.name];
  }
  return out;
}
