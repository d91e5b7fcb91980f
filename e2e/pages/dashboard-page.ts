import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /admin: counts, recent moderation decisions and the staff chat. */
export class DashboardPage extends AppPage {
  async openDashboard(): Promise<void> {
    await this.open('/admin');
    await this.heading('Dashboard').waitFor();
  }

  count(name: 'submittedPosts' | 'openReports' | 'users'): Locator {
    return this.page.getByTestId(`dashboard-count-${name}`);
  }

  get decisions(): Locator {
    return this.page.getByRole('region', { name: 'Recent moderation decisions' });
  }

  get chat(): Locator {
    return this.page.getByRole('region', { name: 'Staff chat' });
  }

  async say(text: string): Promise<void> {
    await this.chat.getByRole('textbox', { name: 'Message the staff' }).fill(text);
    await this.chat.getByRole('button', { name: 'Send' }).click();
    await this.chat.getByText(text, { exact: true }).waitFor();
  }
}
