import { params } from '../../db/migrations/0001_params';
import { collections } from '../../db/migrations/0002_collections';
import type { Migration } from '../../db/migrations/runner';
import { superusers } from './0003_superusers';
import { otps } from './0004_otps';
import { externalAuths } from './0005_external_auths';

/** Every system migration, in the order it runs. Append only: a released migration never changes. */
export const systemMigrations: readonly Migration[] = [params, collections, superusers, otps, externalAuths];
