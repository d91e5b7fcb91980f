import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/**
 * Blocking (PRODUCT.md §14): Block / Unblock on another member's profile (asked first), the notice that
 * stands in for the profile of a member one blocked, and the blocked members in /settings.
 */
export class BlockControls extends AppPage {
  get blockButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Block', exact: true });
  }

  /** Block, then confirm in the dialog. */
  async block(): Promise<void> {
    await this.blockButton.click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByText(/You will no longer see their stories/).waitFor();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await this.flash('Member blocked.').waitFor();
  }

  /** The notice on the profile of a member one blocked. */
  blockedNotice(name: string): Locator {
    return this.page.getByText(`You blocked ${name}.`, { exact: false });
  }

  /** The list of blocked members in /settings. */
  get blockedMembers(): Locator {
    return this.page.getByRole('list', { name: 'Blocked members' });
  }

  get noneBlocked(): Locator {
    return this.text('You have not blocked anyone.');
  }

  /** Unblock a member from the /settings list. */
  async unblockInSettings(name: string): Promise<void> {
    await this.blockedMembers.getByRole('button', { name: `Unblock ${name}` }).click();
    await this.flash('Member unblocked.').waitFor();
  }
}
