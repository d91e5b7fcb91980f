import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /series/{id}: the series, its chapters in order and the contributors' buttons. */
export class SeriesPage extends AppPage {
  get downloadEpubButton(): Locator {
    return this.page.getByRole('button', { name: 'Download EPUB' });
  }

  get editButton(): Locator {
    return this.page.getByRole('link', { name: 'Edit Series' });
  }

  get addStoryButton(): Locator {
    return this.page.getByRole('link', { name: 'Add a Story To This Series' });
  }

  get notPublished(): Locator {
    return this.text('Not Published');
  }

  /** The chapter links, in reading order. */
  get chapterLinks(): Locator {
    return this.page.getByRole('list', { name: 'Chapters' }).getByRole('link');
  }

  /** The member's read mark ("Read", "Started", "Unread") on the chapter with this link text. */
  readMark(title: string): Locator {
    return this.page
      .getByRole('list', { name: 'Chapters' })
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name: title }) });
  }

  chapter(title: string): Locator {
    return this.page.getByRole('list', { name: 'Chapters' }).getByRole('link', { name: title });
  }
}

/** /series: the published series, oldest first. */
export class SeriesListPage extends AppPage {
  seriesLink(title: string): Locator {
    return this.page.getByRole('article', { name: title }).getByRole('link', { name: title });
  }
}

/** /series/submit and /series/edit/{id}: the series form. */
export class SeriesFormPage extends AppPage {
  async fill(entry: { title: string; description: string; tags: string }): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Title' }).fill(entry.title);
    await this.page.getByRole('textbox', { name: 'Description' }).fill(entry.description);
    await this.page.getByRole('textbox', { name: 'Tags' }).fill(entry.tags);
  }

  async submit(label = 'Submit Series'): Promise<void> {
    await this.page.getByRole('button', { name: label }).click();
  }
}
