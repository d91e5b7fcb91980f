import type { Locator } from 'playwright-core';
import { StoryPage } from './story-page';

/**
 * /forums/{forumId}/posts/{postId}: the thread. Its reactions and comments are the same parts as a
 * story's, so it shares the story page object's helpers for them.
 */
export class ForumThreadPage extends StoryPage {
  /** An image inside the thread's body. */
  inlineImage(alt: string): Locator {
    return this.article.getByRole('img', { name: alt });
  }

  get pinButton(): Locator {
    return this.page.getByRole('button', { name: 'Pin', exact: true });
  }

  get unpinButton(): Locator {
    return this.page.getByRole('button', { name: 'Unpin', exact: true });
  }
}
