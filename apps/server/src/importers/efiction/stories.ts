/**
 * eFiction's stories and series as the site's works (the plan of works.ts): each chapter a story post,
 * each multi-chapter story and each eFiction series a series post listing its chapters. A work is
 * published when eFiction validated it (a chapter, when it and its story were validated), dated as
 * eFiction dated it; everything else is its author's draft. Chapter text is read only for chapters not
 * imported yet, so a second run over the same archive reads no text at all.
 */
import type { ArchiveWriter } from '../archive-writer';
import type { WorkImporter, WorkPost } from '../archive-works';
import { htmlToMarkdown, plainText } from '../html-to-markdown';
import type { ImportReport } from '../report';
import { readChapterTexts, type Chapter, type ChapterText, type Settings, type Story } from './archive';
import type { EfictionDatabase } from './source';
import type { EfictionTaxonomy } from './taxonomy';
import { chapterTitle, type PlannedSeries, type PlannedStory } from './works';

/** An eFiction date (Unix seconds) as the site's, `seconds` later; '' when eFiction has none. */
export function unixDate(value: number, seconds = 0): string {
  if (!(value > 0)) return '';
  return new Date((value + seconds) * 1000).toISOString().replace('T', ' ');
}

/** What PHP's stripslashes() did to eFiction's text before showing it (format_story). */
const stripSlashes = (text: string) =>
  text.replace(/\\(.?)/gs, (_match, next: string) => (next === '0' ? '' : next));

/** A note set apart above or below a chapter's text, as eFiction showed them. */
function aside(title: string, html: string): string {
  const markdown = htmlToMarkdown(stripSlashes(html));
  if (!markdown) return '';
  const quoted = markdown
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return `> **${title}**\n>\n${quoted}`;
}

export function chapterContent(text: ChapterText, storyNotes: string): string {
  return [
    storyNotes ? aside('Story notes', storyNotes) : '',
    text.notes ? aside("Author's notes", text.notes) : '',
    htmlToMarkdown(stripSlashes(text.storytext)),
    text.endnotes ? aside('End notes', text.endnotes) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export interface StoryContext {
  db: EfictionDatabase;
  settings: Settings;
  storiesDir: string | undefined;
  writer: ArchiveWriter;
  works: WorkImporter;
  taxonomy: EfictionTaxonomy;
  report: ImportReport;
  /** eFiction uid -> member id here. */
  members: Map<number, string>;
}

/** Where each eFiction story, chapter and series went: reviews and favorites follow them there. */
export interface WorkTargets {
  /** A story's own page: its series when it became one, else its (first) chapter. */
  storyHead: Map<number, { post: string; type: 'story' | 'series' }>;
  chapterPost: Map<number, string>;
  seriesPost: Map<number, string>;
}

export class StoryImport {
  readonly targets: WorkTargets = { storyHead: new Map(), chapterPost: new Map(), seriesPost: new Map() };

  constructor(private readonly ctx: StoryContext) {}

  /** Stories outside any eFiction series, in one transaction. */
  async standalone(entries: readonly PlannedStory[]): Promise<void> {
    const texts = await this.texts(entries);
    await this.ctx.writer.batch(async () => {
      for (const entry of entries) {
        const chapters = await this.chapters(entry, texts);
        if (!chapters) continue;
        if (chapters.length === 1) {
          this.targets.storyHead.set(entry.story.sid, { post: chapters[0]!.post, type: 'story' });
          continue;
        }
        const post = this.postOf(entry.story, entry.story.title, entry.chapters, entry.story.completed);
        const series = await this.ctx.works.series(
          'work',
          entry.story.sid,
          post,
          chapters.map((c) => c.story),
        );
        await this.ctx.works.keepChapters(
          series.series,
          chapters.map((c) => c.story),
        );
        this.targets.storyHead.set(entry.story.sid, { post: series.post, type: 'series' });
      }
    });
  }

  /** One eFiction series: every chapter of its stories in order, then the series, in one transaction. */
  async series(planned: PlannedSeries): Promise<void> {
    const texts = await this.texts(planned.entries);
    await this.ctx.writer.batch(async () => {
      const stories: string[] = [];
      for (const entry of planned.entries) {
        const chapters = await this.chapters(entry, texts);
        if (!chapters) continue;
        this.targets.storyHead.set(entry.story.sid, { post: chapters[0]!.post, type: 'story' });
        stories.push(...chapters.map((c) => c.story));
      }
      if (stories.length === 0) return;
      const s = planned.series;
      const author = this.ctx.members.get(s.uid) ?? this.authorsOf(planned.entries[0]!.story)?.[0];
      if (!author) return;
      const chapters = planned.entries.flatMap((e) => e.chapters);
      const published = planned.entries.flatMap((e) =>
        e.story.validated && e.chapters.some((c) => c.validated) ? [e.story.date] : [],
      );
      const first = Math.min(...planned.entries.map((e) => e.story.date).filter((d) => d > 0));
      const { labels, tags } = this.ctx.taxonomy.of(s);
      const post: WorkPost = {
        title: plainText(s.title) || 'Untitled series',
        description: plainText(s.summary),
        contributors: [author],
        labels,
        tags,
        published: published.length ? unixDate(Math.min(...published)) : '',
        dates: { created: unixDate(Number.isFinite(first) ? first : 0) },
      };
      const series = await this.ctx.works.series('series', s.seriesid, post, stories);
      await this.ctx.works.keepChapters(series.series, stories);
      this.targets.seriesPost.set(s.seriesid, series.post);
      if (chapters.length > stories.length)
        this.ctx.report.left(
          'chapters: of stories whose author is unknown',
          chapters.length - stories.length,
        );
    });
  }

  private authorsOf(story: Story): string[] | null {
    const first = this.ctx.members.get(story.uid);
    if (!first) return null;
    const coauthors = story.coauthors.flatMap((uid) => {
      const id = this.ctx.members.get(uid);
      return id ? [id] : [];
    });
    return [first, ...coauthors];
  }

  /** The post of a work: the story's title, summary, authors, labels and tags. */
  private postOf(story: Story, title: string, chapters: readonly Chapter[], completed?: boolean): WorkPost {
    const { labels, tags } = this.ctx.taxonomy.of(story, completed);
    const published = story.validated && chapters.some((c) => c.validated);
    return {
      title: plainText(title) || 'Untitled',
      description: plainText(story.summary),
      contributors: this.authorsOf(story) ?? [],
      labels,
      tags,
      published: published ? unixDate(story.date) : '',
      dates: { created: unixDate(story.date), updated: unixDate(story.updated || story.date) },
    };
  }

  /** Each chapter of a story as a story here (one second apart, so lists keep their order). */
  private async chapters(
    entry: PlannedStory,
    texts: Map<number, ChapterText>,
  ): Promise<Array<{ post: string; story: string }> | null> {
    const { story } = entry;
    if (!this.authorsOf(story)) {
      this.ctx.report.left('stories: their author is not in the archive');
      return null;
    }
    const made: Array<{ post: string; story: string }> = [];
    for (const [index, chapter] of entry.chapters.entries()) {
      const text = texts.get(chapter.chapid) ?? { notes: '', endnotes: '', storytext: '', missing: false };
      if (text.missing) {
        this.ctx.report.note(
          'Chapters whose text file is missing (imported without text)',
          `${this.ctx.settings.store === 'files' ? `${chapter.uid}/${chapter.chapid}.txt` : chapter.chapid} of "${plainText(story.title)}"`,
        );
      }
      const title = chapterTitle(
        plainText(story.title),
        plainText(chapter.title),
        index + 1,
        entry.chapters.length,
      );
      const post = this.postOf(story, title, [chapter], story.completed);
      if (!chapter.validated) post.published = '';
      else if (post.published) post.published = unixDate(story.date, index);
      post.dates = {
        created: unixDate(story.date, index),
        updated: unixDate(story.updated || story.date, index),
      };
      const content = this.ctx.writer.linked('chapter', chapter.chapid)
        ? ''
        : chapterContent(text, index === 0 ? story.storynotes : '');
      const made1 = await this.ctx.works.story('chapter', chapter.chapid, post, content);
      this.targets.chapterPost.set(chapter.chapid, made1.post);
      made.push(made1);
    }
    return made;
  }

  /** The text of the chapters of `entries` that are not imported yet. */
  private texts(entries: readonly PlannedStory[]): Promise<Map<number, ChapterText>> {
    const needed = entries
      .flatMap((e) => e.chapters)
      .filter((c) => this.ctx.writer.linked('chapter', c.chapid) === undefined);
    return readChapterTexts(this.ctx.db, needed, {
      store: this.ctx.settings.store,
      storiesDir: this.ctx.storiesDir,
    });
  }
}
