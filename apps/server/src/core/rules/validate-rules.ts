import { ApiError } from '../../tools/api-error';
import type { SqlFlavor } from '../../tools/search/flavor';
import { RULE_NAMES, type Collection } from '../collections/model';
import type { CollectionCheck } from '../collections/service';
import { ruleSql } from './compile';
import { guestRequest } from './request-info';

/**
 * A collection is only saved when each of its rules compiles against its fields, so a typo in a rule
 * is a 400 at save time instead of a failure on every request later.
 */
export function checkCollectionRules(flavor: SqlFlavor): CollectionCheck {
  return (collection: Collection, registry) => {
    const errors: Record<string, unknown> = {};
    const rules = [
      ...RULE_NAMES,
      ...(collection.type === 'auth' ? (['authRule', 'manageRule'] as const) : []),
    ];
    // The collection being saved is not in the registry yet; look it up first, then the rest.
    const view = {
      ...registry,
      find: (idOrName: string) =>
        idOrName === collection.id || idOrName.toLowerCase() === collection.name.toLowerCase()
          ? collection
          : registry.find(idOrName),
      all: () => registry.all(),
    } as typeof registry;
    for (const name of rules) {
      const rule = collection[name];
      if (!rule) continue;
      try {
        ruleSql({ registry: view, flavor, request: guestRequest() }, collection, rule, '_r');
      } catch (error) {
        errors[name] = {
          code: 'validation_invalid_rule',
          message: `Invalid rule: ${(error as Error).message}`,
        };
      }
    }
    collection.fields.forEach((field, i) => {
      if (!field.readRule) return;
      try {
        ruleSql({ registry: view, flavor, request: guestRequest() }, collection, field.readRule, '_r');
      } catch (error) {
        errors.fields = {
          ...(errors.fields as object),
          [i]: {
            readRule: {
              code: 'validation_invalid_rule',
              message: `Invalid rule: ${(error as Error).message}`,
            },
          },
        };
      }
    });
    if (Object.keys(errors).length) throw new ApiError(400, 'Failed to save collection.', errors);
  };
}
