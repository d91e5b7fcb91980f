import type { CollectionInput } from '../core/collections/model';

/**
 * What an import brought over from another archive (src/importers/): one row per thing of the old archive
 * (an author, a story, a chapter, a review, a favorite...) naming the record it became here. Running an
 * import again skips every thing it finds here, so nothing is added twice and nothing a member changed
 * since is overwritten; a record a member deleted since stays deleted. Only superusers read it.
 */
export const importLinks: CollectionInput = {
  name: 'import_links',
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    // Which archive: the importer's name and the archive's own key (`efiction:<sitekey>`).
    { name: 'source', type: 'text', required: true, max: 200 },
    // What kind of thing of that archive (`author`, `story`, `chapter`, `review`, ...).
    { name: 'kind', type: 'text', required: true, max: 50 },
    { name: 'legacy_id', type: 'text', required: true, max: 200 },
    // The record it became; its collection follows from the kind. Empty: deliberately left out.
    { name: 'record', type: 'text', max: 50 },
    { name: 'created', type: 'autodate', onCreate: true },
  ],
  indexes: ['CREATE UNIQUE INDEX idx_import_links_key ON "import_links" ("source", "kind", "legacy_id")'],
};

/**
 * An imported member's password from the old archive, as that archive kept it, until its first use
 * replaces it with the site's own hash (site/imported-accounts.ts) or a new password makes it useless.
 * Never readable through the API; the hash is hidden even from superusers' record reads.
 */
export const legacyCredentials: CollectionInput = {
  name: 'legacy_credentials',
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    { name: 'user', type: 'relation', collectionId: 'users', required: true, cascadeDelete: true },
    // How the old archive hashed it: eFiction keeps an unsalted MD5 of the password.
    { name: 'scheme', type: 'select', required: true, values: ['md5'] },
    { name: 'hash', type: 'text', required: true, hidden: true, max: 255 },
    { name: 'created', type: 'autodate', onCreate: true },
  ],
  indexes: ['CREATE UNIQUE INDEX idx_legacy_credentials_user ON "legacy_credentials" ("user")'],
};
