/**
 * eFiction's reviews and favorites, a page at a time.
 * - A review is a comment on the chapter it reviews (or the story's page, or the series). A guest's
 *   review (uid 0, or by someone no longer in the archive) is written under the guest reviewer account
 *   with the name they gave in its first line; it is never attributed to a member, even one of the same
 *   name. The author's response eFiction appends to a review becomes the story's author's reply to it.
 * - A favorite story or series is a favorite; a favorite author is a follow.
 */
import type { ArchiveWriter } from '../archive-writer';
import type { MemberImporter } from '../archive-members';
import type { ReactionImporter } from '../archive-reactions';
import type { WorkImporter } from '../archive-works';
import { escapeMarkdown, htmlToMarkdown, plainText } from '../html-to-markdown';
import type { Favorite, Review } from './archive';
import { unixDate, type WorkTargets } from './stories';

/**
 * eFiction writes an author's response into the review itself (user/revres.php):
 * `<review><br><br><i>Author's Response: <response></i>`.
 */
const RESPONSE = /<br\s*\/?>\s*<br\s*\/?>\s*<i>\s*Author(?:'|&#0?39;|&apos;|’)s Response:\s*/gi;

export function splitAuthorResponse(text: string): { review: string; response: string } {
  const matches = [...text.matchAll(RESPONSE)];
  const last = matches[matches.length - 1];
  if (!last || last.index === undefined) return { review: text, response: '' };
  const response = text
    .slice(last.index + last[0].length)
    .replace(/<\/i>\s*$/i, '')
    .trim();
  return { review: text.slice(0, last.index).trim(), response };
}

export class EngagementImport {
  constructor(
    private readonly writer: ArchiveWriter,
    private readonly members: Map<number, string>,
    private readonly accounts: MemberImporter,
    private readonly works: WorkImporter,
    private readonly reactions: ReactionImporter,
    private readonly targets: WorkTargets,
  ) {}

  private targetOf(review: Review): string | undefined {
    if (review.type === 'SE') return this.targets.seriesPost.get(review.item);
    if (review.type !== 'ST') return undefined;
    return this.targets.chapterPost.get(review.chapid) ?? this.targets.storyHead.get(review.item)?.post;
  }

  async reviews(page: readonly Review[]): Promise<void> {
    await this.writer.batch(async () => {
      for (const review of page) await this.review(review);
    });
  }

  private async review(review: Review): Promise<void> {
    const report = this.writer.report;
    const earlier = this.writer.linked('review', review.reviewid);
    if (earlier !== undefined) {
      report.wasThere('comments');
      if (this.writer.linked('response', review.reviewid) !== undefined) report.wasThere('replies');
      return;
    }
    const target = this.targetOf(review);
    if (!target) {
      report.left('reviews: of something not imported (a deleted story, a challenge, news)');
      return;
    }
    const { review: body, response } = splitAuthorResponse(review.review);
    if (!plainText(body) || plainText(body) === 'No Review') {
      report.left('reviews: a rating only, no text');
      return;
    }
    const member = review.uid > 0 ? this.members.get(review.uid) : undefined;
    const text = htmlToMarkdown(body);
    const content = member
      ? text
      : `*A review by ${escapeMarkdown(plainText(review.reviewer) || 'a guest')}, a guest of the old archive:*\n\n${text}`;
    const comment = await this.reactions.comment('review', review.reviewid, {
      target,
      author: member ?? (await this.accounts.guest()),
      content,
      created: unixDate(review.date),
    });
    if (!comment || !plainText(response)) return;
    const author = (await this.works.postFacts(target))?.contributors[0];
    if (!author) return;
    await this.reactions.comment('response', review.reviewid, {
      target,
      author,
      content: htmlToMarkdown(response),
      reply: comment,
      created: unixDate(review.date, 1),
    });
  }

  async favorites(page: readonly Favorite[]): Promise<void> {
    await this.writer.batch(async () => {
      for (const favorite of page) await this.favorite(favorite);
    });
  }

  private async favorite(f: Favorite): Promise<void> {
    const report = this.writer.report;
    const user = this.members.get(f.uid);
    const key = `${f.uid}:${f.type}:${f.item}`;
    if (!user) {
      report.left('favorites: of a member not in the archive');
      return;
    }
    const type = f.type.trim().toUpperCase();
    if (type === 'AU') {
      const author = this.members.get(f.item);
      if (!author) report.left('favorites: of an author not in the archive');
      else await this.reactions.follow(key, { user, author });
      return;
    }
    const target =
      type === 'ST'
        ? this.targets.storyHead.get(f.item)
        : type === 'SE'
          ? { post: this.targets.seriesPost.get(f.item), type: 'series' as const }
          : undefined;
    if (!target?.post) {
      report.left('favorites: of something not imported');
      return;
    }
    await this.reactions.favorite(key, { target: target.post, user, type: target.type });
  }
}
