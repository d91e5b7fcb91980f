import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /admin/users: the user directory. */
export class UsersPage extends AppPage {
  async openDirectory(query = ''): Promise<void> {
    await this.open(`/admin/users${query}`);
    await this.heading('Users').waitFor();
  }

  get rows(): Locator {
    return this.page.getByRole('table', { name: 'Members' }).locator('tbody tr');
  }

  row(username: string): Locator {
    return this.page.getByTestId(`user-row-${username}`);
  }

  /** The usernames on screen, top to bottom. */
  async usernames(): Promise<string[]> {
    await this.rows.first().waitFor();
    return this.rows.locator('td:first-child').allInnerTexts();
  }

  /** Opens the row's Roles dialog, ticks exactly these roles and saves. */
  async setRoles(username: string, roles: string[]): Promise<void> {
    await this.row(username).getByRole('button', { name: 'Roles' }).click();
    const dialog = this.page.getByRole('dialog');
    for (const role of ['admin', 'moderator', 'tester']) {
      await dialog.getByRole('checkbox', { name: role }).setChecked(roles.includes(role));
    }
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await this.flash('Roles saved').waitFor();
  }
}
