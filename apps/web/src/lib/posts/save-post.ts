import { pb } from '../pocketbase';
import { TAXONOMY_LIST_SIZE } from './taxonomy';
import type { TagRecord } from './types';

// What every post form (story, series, forum post) does before and while saving its post.

/** Comma-separated tag text to names: trimmed, empty entries skipped, each name once (spec part 1 §5). */
export function parseTagNames(text: string): string[] {
  const names = new Map<string, string>();
  for (const part of text.split(',')) {
    const name = part.trim();
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/** "tags: reify from names": the ids of the named tags, creating those that do not exist yet. */
export async function reifyTags(names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const known = await pb.collection('tags').getList<TagRecord>(1, TAXONOMY_LIST_SIZE, { sort: 'name' });
  // Tag names are unique regardless of case on the server, so they are matched that way here too.
  const byName = new Map(known.items.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const ids: string[] = [];
  for (const name of names) {
    const id = byName.get(name.toLowerCase()) ?? (await pb.collection('tags').create<TagRecord>({ name })).id;
    ids.push(id);
  }
  return ids;
}

/**
 * "posts: create or update with form data": the fields as one JSON part, and the files as file parts
 * (added with `attachments+` and removed with `attachments-` when editing).
 */
export function postForm(fields: Record<string, unknown>, files: File[], editing: boolean): FormData {
  const form = new FormData();
  form.append('@jsonPayload', JSON.stringify(fields));
  for (const file of files) form.append(editing ? 'attachments+' : 'attachments', file);
  return form;
}
