import type { AnyKysely } from '../../db/types';
import { collectionSchema, type Collection } from './model';

/**
 * The collections in memory, looked up on every request: by exact id or by name in any letter case,
 * as PocketBase resolves `{collectionIdOrName}`.
 */
export class CollectionRegistry {
  private readonly byId = new Map<string, Collection>();
  private readonly byName = new Map<string, Collection>();
  private readonly listeners: Array<() => void> = [];
  private changes = 0;

  /** Calls `listener` after every change of a definition (caches derived from them drop out). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    this.changes++;
    for (const listener of this.listeners) listener();
  }

  static async load(db: AnyKysely): Promise<CollectionRegistry> {
    const registry = new CollectionRegistry();
    await registry.reload(db);
    return registry;
  }

  /** Re-reads every definition (after a change made by this or another process). */
  async reload(db: AnyKysely): Promise<void> {
    const rows = (await db.selectFrom('_collections').select(['definition']).execute()) as Array<{
      definition: string;
    }>;
    this.byId.clear();
    this.byName.clear();
    for (const row of rows) this.set(collectionSchema.parse(JSON.parse(row.definition)));
    this.changed();
  }

  /** Grows with every change of any definition (for caches of what was compiled from them). */
  get version(): number {
    return this.changes;
  }

  find(idOrName: string): Collection | undefined {
    return this.byId.get(idOrName) ?? this.byName.get(idOrName.toLowerCase());
  }

  all(): Collection[] {
    return [...this.byId.values()];
  }

  set(collection: Collection): void {
    const previous = this.byId.get(collection.id);
    if (previous) this.byName.delete(previous.name.toLowerCase());
    this.byId.set(collection.id, collection);
    this.byName.set(collection.name.toLowerCase(), collection);
    this.changed();
  }

  remove(id: string): void {
    const previous = this.byId.get(id);
    if (!previous) return;
    this.byId.delete(id);
    this.byName.delete(previous.name.toLowerCase());
    this.changed();
  }
}
