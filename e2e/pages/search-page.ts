import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /search: the intro, the search box and the found stories as cards. */
export class SearchPage extends AppPage {
  get box(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search stories' });
  }

  get searchButton(): Locator {
    return this.page.getByRole('button', { name: 'Search', exact: true });
  }

  get searching(): Locator {
    return this.page.getByText('Searching...', { exact: true });
  }

  /** Types `text` into the box and presses Enter. */
  async searchWithEnter(text: string): Promise<void> {
    await this.box.fill(text);
    await this.box.press('Enter');
  }

  /** Types `text` into the box and presses the Search button. */
  async searchWithButton(text: string): Promise<void> {
    await this.box.fill(text);
    await this.searchButton.click();
  }

  /** The found stories' cards, in the order shown. */
  get results(): Locator {
    return this.page.getByRole('main').getByRole('article');
  }

  /** The titles of the found stories, in the order shown. */
  async resultTitles(): Promise<string[]> {
    // Each card's heading link carries the id `result-<story id>`; byline and tag links do not.
    return this.page.locator('main article a[id^="result-"]').allTextContents();
  }

  /** Every "Next page" control on the screen (one above the results, one below). */
  get nextPageButtons(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Next page' });
  }
}
