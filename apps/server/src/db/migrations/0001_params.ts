import type { Migration } from './runner';

/** Key/value store for settings and other server state (PocketBase keeps its settings in `_params`). */
export const params: Migration = {
  name: '0001_params',
  async up(db) {
    await db.kysely.schema
      .createTable('_params')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull().defaultTo('null'))
      .addColumn('created', 'text', (col) => col.notNull())
      .addColumn('updated', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db) {
    await db.kysely.schema.dropTable('_params').execute();
  },
};
