import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** The prompt above every page for a member who has not given a birthday yet (the 18+ gate). */
export class BirthdayPrompt extends AppPage {
  get prompt(): Locator {
    return this.page.getByRole('heading', { name: 'Tell us your birthday before you post' });
  }

  async give(birthday: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Your birthday' });
    await form.getByLabel(/^Birthday/).fill(birthday);
    await form.getByRole('button', { name: 'Save Birthday' }).click();
    await this.prompt.waitFor({ state: 'detached' });
  }
}
