/**
 * An old archive's ways of sorting works become labels and tags here. Labels form a tree (a label's
 * `parent`); an importer hangs each kind of classification (categories, warnings, ratings) where it
 * belongs. A label or tag the site already has under the same name (any letter case, same parent) is
 * used rather than repeated; tags are unique by name here anyway.
 */
import { sql } from 'kysely';
import type { ArchiveWriter } from './archive-writer';

export interface LabelInput {
  name: string;
  parent: string;
  description?: string;
  order?: number;
  isCategory?: boolean;
}

const LABEL_NAME_MAX = 100;
const TAG_NAME_MAX = 100;

export class TaxonomyImporter {
  private readonly tagsByName = new Map<string, string>();

  constructor(private readonly writer: ArchiveWriter) {}

  /** The label `kind` `legacyId` of the old archive became. */
  async label(kind: string, legacyId: string | number, input: LabelInput): Promise<string> {
    const linked = this.writer.linked(kind, legacyId);
    if (linked !== undefined) {
      this.writer.report.wasThere('labels');
      return linked;
    }
    const name = input.name.trim().slice(0, LABEL_NAME_MAX) || `Label ${legacyId}`;
    const same = (
      await sql<{ id: string }>`SELECT id FROM labels
        WHERE LOWER(name) = ${name.toLowerCase()} AND COALESCE(parent, '') = ${input.parent} LIMIT 1`.execute(
        this.writer.db,
      )
    ).rows[0];
    if (same) {
      await this.writer.link(kind, legacyId, same.id);
      this.writer.report.wasThere('labels');
      return same.id;
    }
    return this.writer.create('labels', kind, legacyId, 'labels', {
      name,
      parent: input.parent,
      description: (input.description ?? '').slice(0, 1000),
      order: input.order ?? 0,
      isCategory: input.isCategory ?? false,
    });
  }

  /** The tag `kind` `legacyId` became: the site's tag of that name, or a new one. */
  async tag(kind: string, legacyId: string | number, rawName: string): Promise<string | null> {
    const linked = this.writer.linked(kind, legacyId);
    if (linked !== undefined) {
      this.writer.report.wasThere('tags');
      return linked;
    }
    const name = rawName.trim().slice(0, TAG_NAME_MAX);
    if (!name) return null;
    const key = name.toLowerCase();
    const known =
      this.tagsByName.get(key) ??
      (
        await sql<{ id: string }>`SELECT id FROM tags WHERE LOWER(name) = ${key} LIMIT 1`.execute(
          this.writer.db,
        )
      ).rows[0]?.id;
    if (known) {
      await this.writer.link(kind, legacyId, known);
      this.writer.report.wasThere('tags');
      return known;
    }
    const id = await this.writer.create('tags', kind, legacyId, 'tags', { name });
    this.tagsByName.set(key, id);
    return id;
  }
}
