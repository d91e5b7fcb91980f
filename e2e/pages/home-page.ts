import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /: the home page, with the pinned forum threads above it for members. */
export class HomePage extends AppPage {
  get pinnedThreads(): Locator {
    return this.page.getByRole('region', { name: 'Pinned Threads' }).getByTestId('pinned-thread');
  }

  pinnedThread(title: string): Locator {
    return this.pinnedThreads.filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }
}
