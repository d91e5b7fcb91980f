import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /stories/submit and /stories/edit/{id}: the story form with its draft state and the story's revisions. */
export class StoryEditorPage extends AppPage {
  get titleField(): Locator {
    return this.page.getByRole('textbox', { name: 'Title' });
  }

  get content(): Locator {
    return this.page.getByRole('textbox', { name: 'Content' });
  }

  /** "Draft saved", "Saving draft..." or nothing, beside the save button. */
  get draftStatus(): Locator {
    return this.page.getByTestId('draft-status');
  }

  get draftRestored(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'Your unsaved draft from' });
  }

  async discardDraft(): Promise<void> {
    await this.page.getByRole('button', { name: 'Discard draft' }).click();
  }

  async save(label: 'Submit Story' | 'Save Story'): Promise<void> {
    await this.page.getByRole('button', { name: label }).click();
  }

  get revisions(): Locator {
    return this.page.getByRole('region', { name: 'Revisions' }).getByTestId('revision');
  }

  /** The n-th revision from the newest (0 is the newest). */
  revision(index: number): Locator {
    return this.revisions.nth(index);
  }

  async compare(index: number): Promise<Locator> {
    await this.revision(index)
      .getByRole('button', { name: /^Compare/ })
      .click();
    return this.page.getByRole('dialog', { name: /compared with the story now/ });
  }

  async restore(index: number): Promise<void> {
    await this.revision(index)
      .getByRole('button', { name: /^Restore/ })
      .click();
    await this.page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Restore' })
      .click();
  }
}
