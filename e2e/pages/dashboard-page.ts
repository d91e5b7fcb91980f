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

/** The admins' "Manage the site" part of the dashboard: labels and content pages. */
export class SiteManagement extends DashboardPage {
  get labels(): Locator {
    return this.page.getByRole('region', { name: 'Labels' });
  }

  get pages(): Locator {
    return this.page.getByRole('region', { name: 'Content pages' });
  }

  async addLabel(label: {
    name: string;
    parent?: string;
    color?: string;
    order?: number;
    category?: boolean;
  }) {
    const form = this.labels;
    await form.getByRole('textbox', { name: 'Label name' }).fill(label.name);
    if (label.parent) {
      await form.getByLabel('Parent').click();
      await this.page.getByRole('option', { name: label.parent, exact: true }).click();
    }
    if (label.color) await form.getByLabel('Colour').fill(label.color);
    if (label.order !== undefined) await form.getByLabel('Order').fill(String(label.order));
    if (label.category) await form.getByRole('checkbox', { name: /^Category/ }).check();
    await form.getByRole('button', { name: 'Add label' }).click();
    await this.labels.getByRole('list', { name: 'Labels' }).getByText(label.name, { exact: true }).waitFor();
  }

  async addPage(page: { title: string; slug: string; content: string }) {
    const form = this.pages;
    await form.getByRole('textbox', { name: 'Page title' }).fill(page.title);
    await form.getByRole('textbox', { name: 'Slug' }).fill(page.slug);
    await form.getByRole('textbox', { name: 'Content (HTML)' }).fill(page.content);
    await form.getByRole('button', { name: 'Add page' }).click();
    await form.getByRole('list', { name: 'Content pages' }).getByText(page.title, { exact: true }).waitFor();
  }
}
