import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/**
 * Co-authors (PRODUCT.md §15): the Co-authors panel of the story and series edit pages (contributors,
 * pending invitations, the invite field, Remove and Leave) and the invitations to answer on /notifications.
 */
export class CoauthorsPage extends AppPage {
  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Co-authors' });
  }

  get contributors(): Locator {
    return this.panel.getByRole('list', { name: 'Co-authors' }).getByRole('listitem');
  }

  contributor(name: string): Locator {
    return this.contributors.filter({ hasText: name });
  }

  get pendingInvitations(): Locator {
    return this.panel.getByRole('list', { name: 'Waiting for an answer' }).getByRole('listitem');
  }

  get usernameField(): Locator {
    return this.panel.getByRole('textbox', { name: 'Username' });
  }

  /** Types a username and presses Invite (the caller waits for the outcome). */
  async invite(username: string): Promise<void> {
    await this.usernameField.fill(username);
    await this.panel.getByRole('button', { name: 'Invite', exact: true }).click();
  }

  /** Leave, confirmed in the dialog. */
  async leave(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Leave', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByText(/^Leave as a co-author\?/).waitFor();
    await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  }

  /** /notifications: the section of invitations to answer (absent when there are none). */
  get invitationsSection(): Locator {
    return this.page.getByRole('region', { name: 'Co-author invitations' });
  }

  invitation(title: string): Locator {
    return this.invitationsSection.getByRole('listitem').filter({ hasText: title });
  }

  async accept(title: string): Promise<void> {
    await this.invitation(title)
      .getByRole('button', { name: /^Accept/ })
      .click();
  }

  async decline(title: string): Promise<void> {
    await this.invitation(title)
      .getByRole('button', { name: /^Decline/ })
      .click();
  }

  /** /notifications: a notification in the page's list. */
  listedNotification(text: string): Locator {
    return this.page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: text });
  }
}
