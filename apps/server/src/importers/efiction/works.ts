/**
 * How eFiction's works fit the site's (docs/adr/0030-efiction-import.md). Here a series is one flat list of
 * chapters and a chapter (a story) belongs to at most one series; eFiction has multi-chapter stories and,
 * above them, series of stories. So:
 * - a story of one chapter is a story; a story of several is a series named after it, one story per
 *   chapter, in the chapters' `inorder` (not their ids, which follow the order they were written in);
 * - an eFiction series is a series of all its stories' chapters, story after story in `inseries.inorder`;
 *   a multi-chapter story in one is not a series of its own as well (it could not be both);
 * - a story in several eFiction series joins the first (by series id); a sub-series stays a series of its
 *   own and is not repeated inside its parent.
 * Everything here is planning: nothing is read or written.
 */
import type { ImportReport } from '../report';
import type { Chapter, InSeries, Series, Story } from './archive';

export interface PlannedStory {
  story: Story;
  /** In reading order. */
  chapters: Chapter[];
}

export interface PlannedSeries {
  series: Series;
  /** The stories whose chapters make the series, in the series' order. */
  entries: PlannedStory[];
}

export interface WorkPlan {
  /** Stories outside any series: a story each, or a series of their own when they have chapters. */
  standalone: PlannedStory[];
  series: PlannedSeries[];
}

export function planWorks(
  stories: readonly Story[],
  chapters: readonly Chapter[],
  series: readonly Series[],
  inSeries: readonly InSeries[],
  report: ImportReport,
): WorkPlan {
  const bySid = new Map<number, Chapter[]>();
  for (const chapter of chapters) bySid.set(chapter.sid, [...(bySid.get(chapter.sid) ?? []), chapter]);
  const planned = new Map<number, PlannedStory>();
  for (const story of stories) {
    const own = (bySid.get(story.sid) ?? []).sort((a, b) => a.inorder - b.inorder || a.chapid - b.chapid);
    if (own.length === 0) {
      report.left('stories: no chapters');
      continue;
    }
    planned.set(story.sid, { story, chapters: own });
  }

  const claimed = new Map<number, Series>();
  const plannedSeries: PlannedSeries[] = [];
  const known = new Map(series.map((s) => [s.seriesid, s]));
  const members = new Map<number, InSeries[]>();
  for (const row of inSeries) members.set(row.seriesid, [...(members.get(row.seriesid) ?? []), row]);
  for (const s of [...series].sort((a, b) => a.seriesid - b.seriesid)) {
    const entries: PlannedStory[] = [];
    const rows = (members.get(s.seriesid) ?? []).sort((a, b) => a.inorder - b.inorder || a.sid - b.sid);
    for (const row of rows) {
      if (row.sid <= 0) {
        const sub = known.get(row.subseriesid);
        if (sub)
          report.note('Series inside series (kept as series of their own)', `"${sub.title}" in "${s.title}"`);
        continue;
      }
      const entry = planned.get(row.sid);
      if (!entry) continue;
      const first = claimed.get(row.sid);
      if (first) {
        report.note(
          'Stories in more than one series (each joins the first)',
          `"${entry.story.title}" stays in "${first.title}", not in "${s.title}"`,
        );
        continue;
      }
      claimed.set(row.sid, s);
      entries.push(entry);
    }
    if (entries.length === 0) {
      report.left('series: no stories');
      continue;
    }
    plannedSeries.push({ series: s, entries });
  }
  const standalone = [...planned.values()].filter((p) => !claimed.has(p.story.sid));
  return { standalone, series: plannedSeries };
}

/**
 * A chapter's title as a story here: the story's title for a one-chapter story; otherwise the story's
 * title with the chapter's ("Giantess Saga: The Storm"), or with its number when it has no title of its own.
 */
export function chapterTitle(story: string, chapter: string, position: number, chapterCount: number): string {
  if (chapterCount === 1) return story;
  const own = chapter.trim();
  if (!own || own.toLowerCase() === story.trim().toLowerCase()) return `${story}, chapter ${position}`;
  return own.toLowerCase().includes(story.trim().toLowerCase()) ? own : `${story}: ${own}`;
}
