import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /forums: the forum tiles, and for admins the forum management. */
export class ForumsPage extends AppPage {
  get tiles(): Locator {
    return this.page.getByTestId('forum-tile');
  }

  /** The tile of the forum with this name. */
  tile(name: string): Locator {
    return this.tiles.filter({ has: this.page.getByRole('heading', { level: 2, name, exact: true }) });
  }

  /** The forum names in the order the page lists them. */
  async forumNames(): Promise<string[]> {
    return this.tiles.getByRole('heading', { level: 2 }).allInnerTexts();
  }

  threadRows(name: string): Locator {
    return this.tile(name).getByTestId('thread-row');
  }

  async submitIn(name: string): Promise<void> {
    await this.tile(name).getByRole('link', { name: 'Submit a new Post' }).click();
  }

  /** Admins: creates a forum from the "New Forum" dialog. */
  async createForum(name: string, description: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New Forum' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New Forum' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
    await dialog.getByRole('button', { name: 'Save Forum' }).click();
    await dialog.waitFor({ state: 'detached' });
    await this.tile(name).waitFor();
  }

  async moveUp(name: string): Promise<void> {
    await this.tile(name).getByRole('button', { name: 'Move Up' }).click();
  }

  /** Admins: asks to delete the forum and confirms. */
  async deleteForum(name: string): Promise<void> {
    await this.tile(name).getByRole('button', { name: 'Delete' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  }
}
