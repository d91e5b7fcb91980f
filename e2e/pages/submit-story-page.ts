import { AppPage } from './app-page';

export interface StoryEntry {
  title: string;
  description: string;
  /** Comma-separated, as a member types them. */
  tags: string;
  /** Markdown. */
  content: string;
}

/** /stories/submit: the story form. */
export class SubmitStoryPage extends AppPage {
  async fill(entry: StoryEntry): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Title' }).fill(entry.title);
    await this.page.getByRole('textbox', { name: 'Description' }).fill(entry.description);
    await this.page.getByRole('textbox', { name: 'Tags' }).fill(entry.tags);
    await this.page.getByRole('textbox', { name: 'Content' }).fill(entry.content);
  }

  /** The optional publish time, as the native input takes it: local `YYYY-MM-DDTHH:mm[:ss]`. */
  async publishAt(localTime: string): Promise<void> {
    await this.page.getByLabel('Publish at').fill(localTime);
  }

  async preview(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Preview' }).click();
  }

  async write(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Write' }).click();
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Submit Story' }).click();
  }
}
