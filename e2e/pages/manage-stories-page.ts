import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /stories/manage: the member's own series and stories in four sections. */
export class ManageStoriesPage extends AppPage {
  /** A story or series of the member, by its title. */
  item(title: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: title }) });
  }
}
