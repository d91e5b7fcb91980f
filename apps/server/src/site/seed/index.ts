import { sql } from 'kysely';
import type { Core } from '../../core';
import { createRecord } from '../../core/records/write';
import { systemRequest } from '../../core/rules/request-info';
import { seedDemo, type DemoAdmin } from './demo';
import { PAGES } from './pages';

/** Creates the content pages that do not exist yet; returns how many were created. */
export async function seedPages(core: Core): Promise<number> {
  const pages = core.registry.find('pages')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  let created = 0;
  for (const page of PAGES) {
    const exists = await sql<{ id: string }>`SELECT id FROM pages WHERE slug = ${page.slug}`.execute(
      core.db.kysely,
    );
    if (exists.rows.length) continue;
    await createRecord(core.records, pages, { ...page }, system);
    created++;
  }
  return created;
}

export interface SeedReport {
  pages: number;
  admin: DemoAdmin | null;
}

/**
 * Seeds a fresh installation: the pages always, the demo content only when asked and only into a
 * site without members, so it never mixes with real accounts.
 */
export async function seedSite(core: Core, options: { demo: boolean }): Promise<SeedReport> {
  const pages = await seedPages(core);
  const members = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM users`.execute(core.db.kysely);
  const empty = Number(members.rows[0]?.n ?? 0) === 0;
  return { pages, admin: options.demo && empty ? await seedDemo(core) : null };
}
