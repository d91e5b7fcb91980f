/**
 * Checks a collection definition before any DDL runs, and answers with PocketBase-style field errors.
 */
import type { z } from 'zod';
import { ApiError } from '../../tools/api-error';
import { parseIndexName } from '../../db/schema';
import type { Collection } from './model';
import type { CollectionRegistry } from './registry';

const RESERVED_FIELD_NAMES = new Set(['expand', 'collectionId', 'collectionName']);

type Errors = Record<string, unknown>;

const err = (code: string, message: string) => ({ code, message });

export function zodToApiError(error: z.ZodError, message: string): ApiError {
  const data: Errors = {};
  for (const issue of error.issues) {
    let node = data;
    const path = issue.path.map(String);
    path.forEach((key, i) => {
      if (i === path.length - 1)
        node[key] ??= err(
          issue.code === 'invalid_type' && issue.input === undefined
            ? 'validation_required'
            : 'validation_invalid_value',
          issue.message,
        );
      else node = (node[key] ??= {}) as Errors;
    });
    if (path.length === 0) data.root = err('validation_invalid_value', issue.message);
  }
  return new ApiError(400, message, data);
}

export function validateCollection(
  next: Collection,
  previous: Collection | null,
  registry: CollectionRegistry,
  message: string,
): void {
  const errors: Errors = {};
  const clash = registry.find(next.name);
  if (clash && clash.id !== next.id)
    errors.name = err(
      'validation_collection_name_exists',
      'Collection name must be unique (case insensitive).',
    );
  if (!next.system && next.name.startsWith('_') && previous?.name !== next.name) {
    errors.name = err(
      'validation_collection_name_system',
      'Collection names starting with an underscore are reserved.',
    );
  }
  if (previous && previous.type !== next.type)
    errors.type = err('validation_collection_type_change', 'Changing the collection type is not allowed.');

  const fieldErrors: Errors = {};
  const seen = new Set<string>();
  next.fields.forEach((field, i) => {
    const lower = field.name.toLowerCase();
    if (seen.has(lower))
      fieldErrors[i] = { name: err('validation_duplicated_field_name', 'Duplicated or invalid field name.') };
    else if (RESERVED_FIELD_NAMES.has(field.name))
      fieldErrors[i] = { name: err('validation_field_name_reserved', 'The name is reserved.') };
    seen.add(lower);
    const old = previous?.fields.find((f) => f.id === field.id);
    if (old && old.type !== field.type)
      fieldErrors[i] = {
        type: err('validation_field_type_change', 'Changing the field type is not allowed.'),
      };
    if (field.type === 'relation' && !registry.find(field.collectionId) && field.collectionId !== next.id) {
      fieldErrors[i] = {
        collectionId: err('validation_missing_collection', 'The related collection does not exist.'),
      };
    }
  });
  if (Object.keys(fieldErrors).length) errors.fields = fieldErrors;

  const indexErrors: Errors = {};
  next.indexes.forEach((definition, i) => {
    const name = parseIndexName(definition);
    if (
      !name ||
      !name.startsWith('idx_') ||
      !/\bON\s+[`"]?\w+[`"]?\s*\(/i.test(definition) ||
      /;/.test(definition)
    ) {
      indexErrors[i] = err(
        'validation_invalid_index_expression',
        'Invalid CREATE INDEX expression (the name must start with idx_).',
      );
    }
  });
  if (Object.keys(indexErrors).length) errors.indexes = indexErrors;

  if (Object.keys(errors).length) throw new ApiError(400, message, errors);
}
