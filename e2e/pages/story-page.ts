import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /stories/{id}: the story, its reactions and its comments. */
export class StoryPage extends AppPage {
  get downloadEpubButton(): Locator {
    return this.page.getByRole('button', { name: 'Download EPUB' });
  }

  get article(): Locator {
    return this.page.getByRole('article').filter({ has: this.page.getByRole('heading', { level: 1 }) });
  }

  get notPublished(): Locator {
    return this.text('Not Published');
  }

  get likeButton(): Locator {
    return this.page.getByRole('button', { name: 'Like', exact: true });
  }

  get likeCount(): Locator {
    return this.page.getByTestId('like-count');
  }

  get viewCount(): Locator {
    return this.page.getByTestId('view-count');
  }

  /** The like toggle, waiting until it is pressed (the member's like exists). */
  async like(): Promise<void> {
    await this.page.getByRole('button', { name: 'Like', exact: true, pressed: false }).click();
    await this.page.getByRole('button', { name: 'Like', exact: true, pressed: true }).waitFor();
  }

  async comment(text: string): Promise<void> {
    const box = this.page.getByRole('textbox', { name: 'Comment' });
    await box.fill(text);
    await this.page.getByRole('button', { name: 'Post Comment' }).click();
    await this.commentWith(text).waitFor();
  }

  get previousChapter(): Locator {
    return this.page
      .getByRole('navigation', { name: 'Chapters' })
      .getByRole('link', { name: 'Previous Chapter' });
  }

  get nextChapter(): Locator {
    return this.page
      .getByRole('navigation', { name: 'Chapters' })
      .getByRole('link', { name: 'Next Chapter' });
  }

  /** The offer to jump back to where the member stopped reading last time. */
  get resumeButton(): Locator {
    return this.page
      .getByRole('region', { name: 'Resume reading' })
      .getByRole('button', { name: 'Resume reading' });
  }

  /** Waits until the member's place in this story has been saved (debounced while reading). */
  async placeSaved(): Promise<void> {
    await this.page.waitForResponse(
      (response) =>
        response.url().includes('/api/collections/read_progress/records') &&
        response.request().method() !== 'GET' &&
        response.ok(),
    );
  }

  /** An author's name in the story's byline, a link to their profile. */
  authorLink(name: string): Locator {
    return this.article.getByRole('link', { name, exact: true });
  }

  /** Text shown as written in the page, e.g. markdown shown as its source. */
  shownText(text: string): Locator {
    return this.page.getByRole('main').getByText(text);
  }

  /** Emphasis rendered from markdown (`*word*`, `**word**`) anywhere in the page's main area. */
  get renderedEmphasis(): Locator {
    return this.page.getByRole('main').locator('em, strong');
  }

  /** A comment in the thread with this text. */
  commentWith(text: string): Locator {
    return this.page.getByRole('list', { name: 'Comments' }).getByRole('article').filter({ hasText: text });
  }
}
