/**
 * eFiction's classifications as labels and tags here:
 * - categories (a tree; `parentcatid` -1 is the top) -> labels with their parents, marked as categories;
 * - class types: `genres` -> tags; `warnings` -> labels under a "Warnings" label; any other class type
 *   (an archive's own, such as Giantess World's growth and size bands) -> labels under a label named
 *   after it;
 * - characters -> tags; ratings -> labels under a "Rating" label;
 * - a story's completed flag -> "Complete" or "In progress" under a "Status" label.
 */
import type { TaxonomyImporter } from '../archive-taxonomy';
import { plainText } from '../html-to-markdown';
import type { Archive, Classified } from './archive';

export interface Classification {
  labels: string[];
  tags: string[];
}

export class EfictionTaxonomy {
  private readonly categoryLabels = new Map<number, string>();
  private readonly classLabels = new Map<number, string>();
  private readonly classTags = new Map<number, string>();
  private readonly characterTags = new Map<number, string>();
  private readonly ratingLabels = new Map<number, string>();
  private status = { complete: '', inProgress: '' };

  constructor(private readonly taxonomy: TaxonomyImporter) {}

  async importAll(archive: Archive): Promise<void> {
    await this.categories(archive);
    const group = (key: string, name: string) =>
      this.taxonomy.label('label-group', key, { name, parent: '' });
    const types = new Map(archive.classTypes.map((t) => [t.id, t]));
    const groups = new Map<number, string>();
    for (const item of archive.classes) {
      const type = types.get(item.type);
      const kind = type?.name.trim().toLowerCase();
      const name = plainText(item.name);
      if (kind === 'genres') {
        const tag = await this.taxonomy.tag('class', item.id, name);
        if (tag) this.classTags.set(item.id, tag);
        continue;
      }
      let parent = groups.get(item.type);
      if (parent === undefined) {
        parent =
          kind === 'warnings'
            ? await group('warnings', 'Warnings')
            : await group(`classtype:${item.type}`, plainText(type?.title || type?.name || 'Classification'));
        groups.set(item.type, parent);
      }
      this.classLabels.set(item.id, await this.taxonomy.label('class', item.id, { name, parent }));
    }
    for (const character of archive.characters) {
      const tag = await this.taxonomy.tag('character', character.charid, plainText(character.charname));
      if (tag) this.characterTags.set(character.charid, tag);
    }
    if (archive.ratings.length) {
      const rating = await group('rating', 'Rating');
      for (const [order, r] of archive.ratings.entries()) {
        this.ratingLabels.set(
          r.rid,
          await this.taxonomy.label('rating', r.rid, { name: plainText(r.rating), parent: rating, order }),
        );
      }
    }
    const status = await group('status', 'Status');
    this.status = {
      complete: await this.taxonomy.label('status', 'complete', {
        name: 'Complete',
        parent: status,
        order: 0,
      }),
      inProgress: await this.taxonomy.label('status', 'in-progress', {
        name: 'In progress',
        parent: status,
        order: 1,
      }),
    };
  }

  /** Parents before children, so each label's parent exists when it is made; a loop ends at the top. */
  private async categories(archive: Archive): Promise<void> {
    const byId = new Map(archive.categories.map((c) => [c.catid, c]));
    const depth = (catid: number, seen = new Set<number>()): number => {
      const parent = byId.get(byId.get(catid)?.parentcatid ?? -1);
      if (!parent || seen.has(parent.catid)) return 0;
      seen.add(catid);
      return 1 + depth(parent.catid, seen);
    };
    const ordered = [...archive.categories].sort(
      (a, b) => depth(a.catid) - depth(b.catid) || a.catid - b.catid,
    );
    for (const category of ordered) {
      this.categoryLabels.set(
        category.catid,
        await this.taxonomy.label('category', category.catid, {
          name: plainText(category.category),
          parent: this.categoryLabels.get(category.parentcatid) ?? '',
          description: plainText(category.description),
          order: category.displayorder,
          isCategory: true,
        }),
      );
    }
  }

  /** The labels and tags of a story or series; `completed` only for stories. */
  of(item: Classified, completed?: boolean): Classification {
    const pick = (ids: number[], map: Map<number, string>) =>
      ids.map((id) => map.get(id)).filter((id): id is string => Boolean(id));
    const labels = [
      ...pick(item.catids, this.categoryLabels),
      ...pick(item.classes, this.classLabels),
      ...pick(item.ratings, this.ratingLabels),
    ];
    if (completed !== undefined) labels.push(completed ? this.status.complete : this.status.inProgress);
    return {
      labels: labels.filter(Boolean),
      tags: [...pick(item.classes, this.classTags), ...pick(item.charids, this.characterTags)],
    };
  }
}
