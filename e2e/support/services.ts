import fs from 'node:fs';

export const isCI = process.env.CI === 'true' || process.env.CI === '1';

/** Debian's Chromium; playwright-core drives it (its own browser downloads are never used). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  try {
    fs.accessSync(chromiumPath, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A MariaDB server where a walk may load an old eFiction archive of its own to import. */
export const mariadbAdminUrl = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/';
