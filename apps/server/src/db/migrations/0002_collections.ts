import { sql } from 'kysely';
import type { Migration } from './runner';

/** Collection definitions. The whole definition is one JSON document; id, name and type are for lookups. */
export const collections: Migration = {
  name: '0002_collections',
  async up(db) {
    await db.kysely.schema
      .createTable('_collections')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('definition', 'text', (col) => col.notNull())
      .addColumn('created', 'text', (col) => col.notNull())
      .addColumn('updated', 'text', (col) => col.notNull())
      .execute();
    // Names are unique regardless of letter case, as PocketBase matches them case-insensitively.
    await db.kysely.schema
      .createIndex('idx__collections_name')
      .unique()
      .on('_collections')
      .expression(sql`lower(name)`)
      .execute();
  },
  async down(db) {
    await db.kysely.schema.dropTable('_collections').execute();
  },
};
