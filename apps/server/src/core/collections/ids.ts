import { crc32 } from 'node:zlib';

/** PocketBase derives a collection's id from its type and name: `pbc_` + CRC32 (IEEE) of both. */
export function collectionIdFor(type: string, name: string): string {
  return `pbc_${crc32(type + name)}`;
}

/** PocketBase names a field `<type><CRC32 of the name>` when no id was given. */
export function fieldIdFor(type: string, name: string): string {
  return `${type}${crc32(name)}`;
}
