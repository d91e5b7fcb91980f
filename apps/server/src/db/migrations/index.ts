import { params } from './0001_params';
import type { Migration } from './runner';

/** Every system migration, in the order it runs. Append only: a released migration never changes. */
export const systemMigrations: readonly Migration[] = [params];
