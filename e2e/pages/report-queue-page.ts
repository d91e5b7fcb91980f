import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /admin/report-queue: open reports, one at a time by default. */
export class ReportQueuePage extends AppPage {
  static readonly EMPTY = 'Queue is Empty!';

  async openQueue(query = ''): Promise<void> {
    await this.open(`/admin/report-queue${query}`);
    await this.heading('Report Queue').waitFor();
  }

  /** The report on screen (with pageSize 1, the only one). */
  get entry(): Locator {
    return this.page
      .getByRole('article')
      .filter({ has: this.page.getByRole('heading', { name: /^Report by / }) });
  }

  /** Decides on the report on screen with a resolution; waits for the success flash. */
  async decide(action: 'Resolve' | 'Delete' | 'Ban', resolution: string, flash: string): Promise<void> {
    await this.entry.getByRole('textbox', { name: /^Resolution/ }).fill(resolution);
    await this.entry.getByRole('button', { name: action }).click();
    await this.page.getByRole('alert').getByText(flash, { exact: true }).last().waitFor();
  }

  get empty(): Locator {
    return this.text(ReportQueuePage.EMPTY);
  }

  /** A count badge of the admin navigation: submittedPosts, openReports or users. */
  sidebarCount(name: 'submittedPosts' | 'openReports' | 'users'): Locator {
    return this.page.getByRole('navigation', { name: 'Admin navigation' }).getByTestId(`admin-count-${name}`);
  }
}
