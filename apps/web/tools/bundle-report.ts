/**
 * `npm run build` (the web app) measures what a browser downloads, beside the budgets of PRODUCT.md §9:
 * first-load JavaScript <= 170 KB gzip, each route chunk <= 50 KB gzip. It prints the numbers and writes
 * them between the markers of docs/benchmarks.md (the prose around them is kept).
 *
 * - First load: the entry chunk and every chunk it imports statically (what index.html preloads).
 * - A route: the chunk its screen is lazily loaded from, plus the chunks that screen imports statically
 *   and the first load does not hold already, i.e. what a cold navigation to it fetches.
 * - An on-demand chunk (the markdown renderer, the signed-in header tools, ...) counts what it adds to
 *   the page that loads it: its chunk and static imports beyond the first load and beyond what its
 *   importer already fetched (the largest such addition when several chunks load it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as prettier from 'prettier';
import type { Plugin } from 'vite';
import { ROUTE_TABLE } from '../src/app/route-table';

export const BUNDLE_BUDGETS_KB = { firstLoad: 170, routeChunk: 50 } as const;
export const START_MARKER = '<!-- bundle:results:start -->';
export const END_MARKER = '<!-- bundle:results:end -->';

interface Chunk {
  fileName: string;
  gzip: number;
  imports: string[];
  /** Chunks this one loads with `import()`. */
  dynamicImports?: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The source module a lazily loaded chunk stands for, relative to apps/web. */
  source: string | null;
}

interface Group {
  source: string;
  routes: string[];
  own: number;
  total: number;
}

export interface BundleNumbers {
  firstLoad: number;
  firstLoadFiles: string[];
  css: number;
  screens: Group[];
  onDemand: Group[];
}

// Kilobytes of 1000 bytes, as Vite prints them: the stricter reading of the budgets.
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** A chunk and everything it imports statically, transitively. */
function closure(start: readonly string[], chunks: ReadonlyMap<string, Chunk>): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of chunks.get(name)?.imports ?? []) visit(next);
  };
  start.forEach(visit);
  return seen;
}

/**
 * Which routes each lazily loaded module serves: app/routes.tsx maps each screen kind to an
 * `import('…')`, and app/route-table.ts gives each path its kind.
 */
function routesByModule(webRoot: string): Map<string, string[]> {
  const routesFile = path.join(webRoot, 'src/app/routes.tsx');
  const text = fs.readFileSync(routesFile, 'utf8').replace(/\s+/g, ' ');
  const modules = new Map<string, string>();
  for (const match of text.matchAll(/['"]?([\w-]+)['"]?: \(\) => import\((['"])(.+?)\2\)/g)) {
    const target = path.relative(webRoot, path.resolve(path.dirname(routesFile), match[3]!));
    modules.set(match[1]!, target);
  }
  const byModule = new Map<string, string[]>();
  for (const entry of ROUTE_TABLE) {
    const module = modules.get(entry.screen.kind);
    if (!module) continue;
    byModule.set(module, [...(byModule.get(module) ?? []), entry.path]);
  }
  return byModule;
}

/** Sizes of everything in a built bundle, grouped as the browser loads it. */
export function measure(chunks: ReadonlyMap<string, Chunk>, css: number, webRoot: string): BundleNumbers {
  const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
  const first = closure(entries, chunks);
  const size = (names: Iterable<string>) =>
    [...names].reduce((sum, n) => sum + (chunks.get(n)?.gzip ?? 0), 0);
  const routes = routesByModule(webRoot);
  /** What loading `chunk` fetches once `loaded` is in the browser. */
  const added = (chunk: string, loaded: ReadonlySet<string>) =>
    size([...closure([chunk], chunks)].filter((n) => !first.has(n) && !loaded.has(n)));
  const importersOf = (chunk: string) =>
    [...chunks.values()].filter((c) => c.dynamicImports?.includes(chunk)).map((c) => c.fileName);
  const groups = [...chunks.values()]
    .filter((c) => c.isDynamicEntry && c.source)
    .map((c): Group => {
      const source = c.source!.replace(/\.tsx?$/, '');
      const screenRoutes = routes.get(source) ?? [];
      // A screen is reached by navigation (from the first load); an on-demand chunk from its importer.
      const importers = screenRoutes.length ? [] : importersOf(c.fileName);
      const total = importers.length
        ? Math.max(...importers.map((importer) => added(c.fileName, closure([importer], chunks))))
        : added(c.fileName, new Set());
      return { source, routes: screenRoutes, own: c.gzip, total };
    })
    .sort((a, b) => a.source.localeCompare(b.source));
  return {
    firstLoad: size(first),
    firstLoadFiles: [...first],
    css,
    screens: groups.filter((g) => g.routes.length > 0),
    onDemand: groups.filter((g) => g.routes.length === 0),
  };
}

/** A route list short enough for a table cell. */
function routeList(routes: readonly string[]): string {
  const shown = routes.slice(0, 4).map((r) => `\`${r}\``);
  return routes.length > 4 ? `${shown.join(', ')} and ${routes.length - 4} more` : shown.join(', ');
}

const verdict = (bytes: number, budgetKb: number) => (bytes <= budgetKb * 1000 ? 'within' : '**over**');

export function toMarkdown(numbers: BundleNumbers): string {
  const { firstLoad: firstBudget, routeChunk } = BUNDLE_BUDGETS_KB;
  const rows = (groups: Group[], label: (g: Group) => string) =>
    groups.map((g) => `| ${label(g)} | ${kb(g.own)} | ${kb(g.total)} | ${verdict(g.total, routeChunk)} |`);
  return [
    'Written by `npm run build` (the web app); sizes are gzip level 9 of the built files.',
    '',
    '| what | gzip | budget (PRODUCT.md §9) | |',
    '| --- | --- | --- | --- |',
    `| first-load JavaScript (${numbers.firstLoadFiles.length} files) | ${kb(numbers.firstLoad)} | ${firstBudget} KB | ${verdict(numbers.firstLoad, firstBudget)} |`,
    `| stylesheet (not JavaScript, for reference) | ${kb(numbers.css)} | - | |`,
    '',
    `Route chunks (budget ${routeChunk} KB each). "Chunk" is the screen's own file; "cold" adds the shared`,
    'files it needs that the first load does not hold, i.e. what a first visit to the route fetches.',
    '',
    '| screen | routes | chunk | cold | |',
    '| --- | --- | --- | --- | --- |',
    ...numbers.screens.map(
      (g) =>
        `| \`${g.source.replace(/^src\//, '')}\` | ${routeList(g.routes)} | ${kb(g.own)} | ${kb(g.total)} | ${verdict(g.total, routeChunk)} |`,
    ),
    '',
    'Loaded on demand inside screens (same budget); "cold" is what opening it adds to the screen that loads it:',
    '',
    '| module | chunk | cold | |',
    '| --- | --- | --- | --- |',
    ...rows(numbers.onDemand, (g) => `\`${g.source.replace(/^(src\/|\.\.\/\.\.\/node_modules\/)/, '')}\``),
  ].join('\n');
}

/** Puts `section` between the markers of the page, or appends it with the markers when they are missing. */
export async function writeSection(docFile: string, section: string): Promise<void> {
  const before = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '';
  const block = `${START_MARKER}\n\n${section}\n\n${END_MARKER}`;
  const start = before.indexOf(START_MARKER);
  const end = before.indexOf(END_MARKER);
  const next =
    start >= 0 && end > start
      ? before.slice(0, start) + block + before.slice(end + END_MARKER.length)
      : `${before.trimEnd()}\n\n## Web bundle\n\n${block}\n`;
  const formatted = await prettier.format(next, {
    ...(await prettier.resolveConfig(docFile)),
    filepath: docFile,
  });
  if (formatted !== before) fs.writeFileSync(docFile, formatted);
}

export interface BundleReportOptions {
  /** apps/web. */
  webRoot: string;
  /** The page the numbers are written into; none to print only. */
  docFile?: string;
}

/** The Vite plugin: measures after the bundle is generated, reports once it is written. */
export function bundleReport({ webRoot, docFile }: BundleReportOptions): Plugin {
  let numbers: BundleNumbers | null = null;
  return {
    name: 'community-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      let css = 0;
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset') {
          if (output.fileName.endsWith('.css')) css += gzipSync(output.source, { level: 9 }).length;
          continue;
        }
        chunks.set(output.fileName, {
          fileName: output.fileName,
          gzip: gzipSync(output.code, { level: 9 }).length,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          source: output.facadeModuleId ? path.relative(webRoot, output.facadeModuleId) : null,
        });
      }
      numbers = measure(chunks, css, webRoot);
    },
    async closeBundle() {
      if (!numbers) return;
      const section = toMarkdown(numbers);
      console.log(`\nBundle sizes (gzip) beside the budgets of PRODUCT.md §9:\n\n${section}\n`);
      const over =
        numbers.firstLoad > BUNDLE_BUDGETS_KB.firstLoad * 1000 ||
        [...numbers.screens, ...numbers.onDemand].some((g) => g.total > BUNDLE_BUDGETS_KB.routeChunk * 1000);
      if (over) console.warn('Warning: a bundle budget is exceeded (see above).');
      if (docFile) await writeSection(docFile, section);
    },
  };
}
