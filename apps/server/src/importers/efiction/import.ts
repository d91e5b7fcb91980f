/**
 * `import efiction`: an eFiction 3.x archive into this site, in phases (classifications, members,
 * stories, series, reviews, favorites), each in batches of one transaction. Everything that can be wrong
 * with the source (the connection, the password, the database, the tables, the stories folder) is found
 * before anything is written. The archive is only read.
 */
import fs from 'node:fs';
import type { Core } from '../../core';
import { MemberImporter } from '../archive-members';
import { ReactionImporter } from '../archive-reactions';
import { TaxonomyImporter } from '../archive-taxonomy';
import { WorkImporter } from '../archive-works';
import { ArchiveWriter } from '../archive-writer';
import { htmlToMarkdown, plainText } from '../html-to-markdown';
import { silentProgress, type Progress } from '../progress';
import { ImportReport } from '../report';
import { countRows, favoritePages, pages, readArchive, reviewOf, type Archive } from './archive';
import { EngagementImport } from './engagement';
import { ImportError, EfictionDatabase } from './source';
import { StoryImport, unixDate } from './stories';
import { EfictionTaxonomy } from './taxonomy';
import { planWorks } from './works';

export interface EfictionImportOptions {
  /** `mysql://USER:PASS@HOST:PORT/DBNAME`. */
  db: string;
  /** The tables' prefix (`fanfiction_`). */
  prefix?: string;
  /** Where chapter files are when the archive keeps them as files (`settings.store` = `files`). */
  storiesDir?: string;
  dryRun?: boolean;
  progress?: Progress;
}

export const DEFAULT_PREFIX = 'fanfiction_';
const MEMBERS_PER_BATCH = 200;
const STORIES_PER_BATCH = 50;
const ROWS_PER_PAGE = 500;

const MD5_HEX = /^[0-9a-f]{32}$/i;

function checkStoriesDir(archive: Archive, storiesDir: string | undefined): void {
  if (archive.settings.store !== 'files') return;
  if (!storiesDir)
    throw new ImportError(
      'This archive keeps chapter text in files (settings.store is "files"): give --stories-dir, the folder holding <uid>/<chapid>.txt (eFiction\'s "stories" folder).',
    );
  if (!fs.existsSync(storiesDir) || !fs.statSync(storiesDir).isDirectory())
    throw new ImportError(`--stories-dir ${storiesDir} is not a folder.`);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function importEfiction(core: Core, options: EfictionImportOptions): Promise<ImportReport> {
  const progress = options.progress ?? silentProgress;
  const source = await EfictionDatabase.open(options.db, options.prefix ?? DEFAULT_PREFIX);
  try {
    const archive = await readArchive(source);
    checkStoriesDir(archive, options.storiesDir);
    const report = new ImportReport();
    const writer = await ArchiveWriter.open(core, `efiction:${archive.settings.sitekey}`, {
      dryRun: options.dryRun ?? false,
      report,
    });
    try {
      await runPhases(source, archive, writer, options, progress);
    } finally {
      writer.close();
    }
    return report;
  } finally {
    await source.close();
  }
}

async function runPhases(
  source: EfictionDatabase,
  archive: Archive,
  writer: ArchiveWriter,
  options: EfictionImportOptions,
  progress: Progress,
): Promise<void> {
  const report = writer.report;
  const taxonomy = new EfictionTaxonomy(new TaxonomyImporter(writer));
  const classifications = progress.phase('Labels, tags', 1);
  await writer.batch(() => taxonomy.importAll(archive));
  classifications.advance();
  classifications.done();

  const accounts = new MemberImporter(writer);
  const members = new Map<number, string>();
  const membersPhase = progress.phase('Members', archive.authors.length);
  for (const batch of chunks(archive.authors, MEMBERS_PER_BATCH)) {
    await writer.batch(async () => {
      for (const author of batch) {
        const id = await accounts.member({
          legacyId: String(author.uid),
          penName: plainText(author.penname) || `Author ${author.uid}`,
          email: author.email,
          bio: htmlToMarkdown(author.bio),
          joined: unixDate(author.date),
          website: /^https?:\/\//i.test(author.website) ? author.website : '',
          legacyPassword: MD5_HEX.test(author.password) ? { scheme: 'md5', hash: author.password } : null,
          banned: author.locked,
        });
        members.set(author.uid, id);
      }
    });
    membersPhase.advance(batch.length);
  }
  membersPhase.done();

  const works = new WorkImporter(writer);
  const stories = new StoryImport({
    db: source,
    settings: archive.settings,
    storiesDir: options.storiesDir,
    writer,
    works,
    taxonomy,
    report,
    members,
  });
  const plan = planWorks(archive.stories, archive.chapters, archive.series, archive.inSeries, report);
  const storiesPhase = progress.phase('Stories', plan.standalone.length);
  for (const batch of chunks(plan.standalone, STORIES_PER_BATCH)) {
    await stories.standalone(batch);
    storiesPhase.advance(batch.length);
  }
  storiesPhase.done();
  const seriesPhase = progress.phase('Series', plan.series.length);
  for (const planned of plan.series) {
    await stories.series(planned);
    seriesPhase.advance();
  }
  seriesPhase.done();

  const engagement = new EngagementImport(
    writer,
    members,
    accounts,
    works,
    new ReactionImporter(writer, works),
    stories.targets,
  );
  const reviewsPhase = progress.phase('Reviews', await countRows(source, 'reviews'));
  for await (const page of pages(source, 'reviews', 'reviewid', ROWS_PER_PAGE)) {
    await engagement.reviews(page.map(reviewOf));
    reviewsPhase.advance(page.length);
  }
  reviewsPhase.done();
  const favoritesPhase = progress.phase('Favorites', await countRows(source, 'favorites'));
  for await (const page of favoritePages(source, ROWS_PER_PAGE)) {
    await engagement.favorites(page);
    favoritesPhase.advance(page.length);
  }
  favoritesPhase.done();
}
