import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { END_MARKER, START_MARKER, measure, toMarkdown, writeSection } from '../tools/bundle-report';

const webRoot = path.resolve(import.meta.dirname, '..');

function chunk(
  fileName: string,
  gzip: number,
  imports: string[],
  kind: 'entry' | 'dynamic' | 'shared',
  source?: string,
  dynamicImports: string[] = [],
) {
  return {
    fileName,
    gzip,
    imports,
    dynamicImports,
    isEntry: kind === 'entry',
    isDynamicEntry: kind === 'dynamic',
    source: source ?? null,
  };
}

/** A bundle like Vite's: an entry with a preloaded shared chunk, two screens and an on-demand chunk. */
const CHUNKS = new Map(
  [
    chunk('index.js', 120_000, ['react.js'], 'entry'),
    chunk('react.js', 30_000, [], 'shared'),
    chunk('form.js', 6_000, ['react.js'], 'shared'),
    chunk('story-screen.js', 4_000, ['form.js', 'react.js'], 'dynamic', 'src/app/screens/story-screen.tsx', [
      'editor.js',
    ]),
    // Loaded by the story screen: the form it shares with it is already there when it opens.
    chunk('editor.js', 3_000, ['form.js', 'preview.js'], 'dynamic', 'src/components/editor.lazy.tsx'),
    chunk('preview.js', 2_500, [], 'shared'),
    chunk('submit.js', 45_000, ['form.js'], 'dynamic', 'src/features/stories/submit-story-page.tsx'),
    chunk('markdown.js', 35_000, [], 'dynamic', 'src/components/markdown-view.tsx'),
  ].map((c) => [c.fileName, c]),
);

describe('the bundle report', () => {
  it('counts the entry and its static imports as the first load', () => {
    const numbers = measure(CHUNKS, 9_000, webRoot);
    expect(numbers.firstLoad).toBe(150_000);
    expect(numbers.firstLoadFiles.sort()).toEqual(['index.js', 'react.js']);
  });

  it('gives each screen its routes, its own chunk and what a cold visit adds', () => {
    const { screens, onDemand } = measure(CHUNKS, 0, webRoot);
    expect(screens).toEqual([
      { source: 'src/app/screens/story-screen', routes: ['/stories/:storyId'], own: 4_000, total: 10_000 },
      {
        source: 'src/features/stories/submit-story-page',
        routes: ['/stories/submit'],
        own: 45_000,
        total: 51_000,
      },
    ]);
    expect(onDemand).toEqual([
      // Its own chunk and the preview; the form came with the story screen that loads it.
      { source: 'src/components/editor.lazy', routes: [], own: 3_000, total: 5_500 },
      { source: 'src/components/markdown-view', routes: [], own: 35_000, total: 35_000 },
    ]);
  });

  it('sets every number beside its budget and marks what is over', () => {
    const markdown = toMarkdown(measure(CHUNKS, 9_000, webRoot));
    expect(markdown).toContain('| first-load JavaScript (2 files) | 150.0 KB | 170 KB | within |');
    expect(markdown).toContain(
      '| `app/screens/story-screen` | `/stories/:storyId` | 4.0 KB | 10.0 KB | within |',
    );
    expect(markdown).toContain(
      '| `features/stories/submit-story-page` | `/stories/submit` | 45.0 KB | 51.0 KB | **over** |',
    );
    expect(markdown).toContain('| `components/markdown-view` | 35.0 KB | 35.0 KB | within |');
  });

  it('rewrites only the marked section of the page, or appends one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-report-'));
    const doc = path.join(dir, 'benchmarks.md');
    fs.writeFileSync(
      doc,
      `# Benchmarks\n\nBy hand.\n\n${START_MARKER}\n\nold numbers\n\n${END_MARKER}\n\nAfter.\n`,
    );
    await writeSection(doc, 'new numbers');
    expect(fs.readFileSync(doc, 'utf8')).toBe(
      `# Benchmarks\n\nBy hand.\n\n${START_MARKER}\n\nnew numbers\n\n${END_MARKER}\n\nAfter.\n`,
    );

    fs.writeFileSync(doc, '# Benchmarks\n');
    await writeSection(doc, 'first numbers');
    expect(fs.readFileSync(doc, 'utf8')).toBe(
      `# Benchmarks\n\n## Web bundle\n\n${START_MARKER}\n\nfirst numbers\n\n${END_MARKER}\n`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
