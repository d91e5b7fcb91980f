import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

export interface ThreadEntry {
  title: string;
  /** Markdown. */
  content: string;
  attachment?: { name: string; mimeType: string; buffer: Buffer };
}

/** /forums/{forumId}/submit: the forum post form. */
export class SubmitThreadPage extends AppPage {
  async fill(entry: ThreadEntry): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Title' }).fill(entry.title);
    await this.page.getByRole('textbox', { name: 'Content' }).fill(entry.content);
    if (entry.attachment) await this.page.locator('input[type="file"]').setInputFiles(entry.attachment);
  }

  /** The preview of a chosen image, by its file name. */
  chosenImage(name: string): Locator {
    return this.page.getByRole('group', { name: 'Chosen files' }).getByRole('img', { name });
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Submit Post' }).click();
  }
}
