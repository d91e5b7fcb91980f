import { CollectionRegistry } from '../collections/registry';
import { CollectionService } from '../collections/service';
import type { Migration } from '../../db/migrations/runner';
import { migrationDatabase } from './context';

/** Members may see and remove their own links, never anyone else's; only the server creates them. */
const OWNER_RULE =
  "@request.auth.id != '' && recordRef = @request.auth.id && collectionRef = @request.auth.collectionId";

/**
 * `_externalAuths`: which auth record an identity at an OAuth2/OpenID provider signs in to. An identity
 * is its (provider, providerId) pair, where providerId is the provider's stable subject, never an email;
 * it belongs to at most one record of a collection, and a record holds at most one identity per provider.
 */
export const externalAuths: Migration = {
  name: '0005_external_auths',
  async up(db) {
    const database = migrationDatabase(db);
    const registry = await CollectionRegistry.load(db.kysely);
    await new CollectionService(database, registry).create(
      {
        name: '_externalAuths',
        type: 'base',
        system: true,
        listRule: OWNER_RULE,
        viewRule: OWNER_RULE,
        createRule: null,
        updateRule: null,
        deleteRule: OWNER_RULE,
        fields: [
          { name: 'collectionRef', type: 'text', system: true, required: true },
          { name: 'recordRef', type: 'text', system: true, required: true },
          { name: 'provider', type: 'text', system: true, required: true },
          { name: 'providerId', type: 'text', system: true, required: true },
          { name: 'created', type: 'autodate', system: true, onCreate: true, onUpdate: false },
          { name: 'updated', type: 'autodate', system: true, onCreate: true, onUpdate: true },
        ],
        // Quoted: PostgreSQL folds unquoted names to lower case.
        indexes: [
          'CREATE UNIQUE INDEX idx__externalAuths_identity ON "_externalAuths" ("collectionRef", "provider", "providerId")',
          'CREATE UNIQUE INDEX idx__externalAuths_record_provider ON "_externalAuths" ("collectionRef", "recordRef", "provider")',
        ],
      },
      db.kysely,
    );
  },
};
