import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /help/*: a `pages` record's title and its stored HTML, sanitised. */
export class ContentPage extends AppPage {
  /** The main region, where the page's content is rendered. */
  get main(): Locator {
    return this.page.getByRole('main');
  }
}
