/**
 * Issuing and checking record tokens. Each collection has its own secret per token type, derived
 * from the installation's master secret (kept in `_params`), and every token is also keyed to its
 * record's `tokenKey` (tools/security/tokens.ts): rotating the key ends every older token.
 */
import { createHmac } from 'node:crypto';
import {
  DEFAULT_TOKEN_DURATIONS,
  SUPERUSER_AUTH_DURATION,
  decodeUnverified,
  recordTokenSecret,
  signRecordToken,
  verifyRecordToken,
  type RecordTokenClaims,
  type RecordTokenType,
} from '../../tools/security/tokens';
import type { Collection } from '../collections/model';
import type { CollectionRegistry } from '../collections/registry';
import { SUPERUSERS_ID } from '../migrations/0003_superusers';
import type { RecordContext } from '../records/context';
import { findRecord } from '../records/find';
import { rememberedAccount } from './remembered-accounts';
import type { RecordData } from '../records/record';
import type { AuthInfo } from '../rules/request-info';

/** Accounts carry an `is_banned` flag (PRODUCT.md §7); a banned account cannot sign in or use a token. */
export const isBanned = (record: RecordData): boolean => record.is_banned === true;

export class TokenService {
  /** Derived per (collection id, token type) once: they depend on nothing else. */
  private readonly collectionSecrets = new Map<string, string>();

  constructor(
    private readonly masterSecret: string,
    private readonly registry: CollectionRegistry,
  ) {}

  private secretFor(collection: Collection, type: RecordTokenType, record: RecordData): string {
    const cacheKey = `${collection.id}:${type}`;
    let collectionSecret = this.collectionSecrets.get(cacheKey);
    if (collectionSecret === undefined) {
      collectionSecret = createHmac('sha256', this.masterSecret).update(cacheKey).digest('base64url');
      this.collectionSecrets.set(cacheKey, collectionSecret);
    }
    return recordTokenSecret(String(record.tokenKey), collectionSecret);
  }

  async issue(
    collection: Collection,
    record: RecordData,
    type: RecordTokenType,
    extra?: Record<string, string>,
    /** Impersonation tokens: a chosen lifetime, and never refreshable. */
    options: { durationSeconds?: number; refreshable?: boolean } = {},
  ): Promise<string> {
    const duration =
      options.durationSeconds ||
      (type === 'auth' && collection.id === SUPERUSERS_ID
        ? SUPERUSER_AUTH_DURATION
        : DEFAULT_TOKEN_DURATIONS[type]);
    return signRecordToken(
      {
        recordId: String(record.id),
        collectionId: collection.id,
        type,
        ...(extra ? { extra } : {}),
        ...(type === 'auth' ? { refreshable: options.refreshable ?? true } : {}),
      },
      this.secretFor(collection, type, record),
      duration,
    );
  }

  /** The record a valid token of `type` belongs to, or null for anything invalid, expired or revoked. */
  async verify(
    records: RecordContext,
    token: string,
    type: RecordTokenType,
  ): Promise<{ collection: Collection; record: RecordData; claims: RecordTokenClaims } | null> {
    const claims = decodeUnverified(token);
    if (!claims || claims.type !== type) return null;
    const collection = this.registry.find(claims.collectionId);
    if (!collection || collection.type !== 'auth' || collection.id !== claims.collectionId) return null;
    // Auth tokens come with every request: their accounts are remembered. The other kinds (a password
    // reset, a file) are rare, and their flows write the record they read.
    const record =
      type === 'auth'
        ? await rememberedAccount(records, collection, claims.id)
        : await findRecord(records, collection, claims.id, null);
    if (!record) return null;
    const verified = await verifyRecordToken(token, this.secretFor(collection, type, record), type);
    return verified ? { collection, record, claims: verified } : null;
  }

  async authenticate(records: RecordContext, token: string): Promise<AuthInfo | null> {
    const found = await this.verify(records, token, 'auth');
    // A ban ends every session at once: the token stays well-formed but no longer authenticates.
    return found && !isBanned(found.record)
      ? {
          collection: found.collection,
          record: found.record,
          isSuperuser: found.collection.id === SUPERUSERS_ID,
        }
      : null;
  }
}
