import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /admin/content-queue: submissions awaiting a moderator's decision. */
export class ContentQueuePage extends AppPage {
  static readonly EMPTY = 'Queue is Empty!';

  async openQueue(): Promise<void> {
    await this.open('/admin/content-queue');
    await this.heading('Content Queue').waitFor();
  }

  entry(title: string): Locator {
    return this.page.getByRole('article', { name: title });
  }

  async publish(title: string): Promise<void> {
    await this.entry(title).getByRole('button', { name: 'Publish' }).click();
  }

  async reject(title: string, reason: string): Promise<void> {
    const entry = this.entry(title);
    await entry.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await entry.getByRole('button', { name: 'Reject' }).click();
  }

  get empty(): Locator {
    return this.text(ContentQueuePage.EMPTY);
  }
}
