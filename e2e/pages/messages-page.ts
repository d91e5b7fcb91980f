import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** /messages: the member's conversations, and the header's messages link and inbox dropdown. */
export class MessagesPage extends AppPage {
  /** The link of the conversation with this member (by their name), which opens it. */
  tileLink(name: string): Locator {
    return this.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(`^${name}(,|$)`) });
  }

  /** The whole tile of that conversation: the link, the snippet of the last message, the time. */
  tile(name: string): Locator {
    return this.page
      .getByRole('list', { name: 'Conversations' })
      .locator('[data-conversation-tile]')
      .filter({ has: this.page.getByRole('link', { name: new RegExp(`^${name}(,|$)`) }) });
  }

  /** The unread badge on a tile. */
  tileBadge(name: string): Locator {
    return this.tile(name).getByTestId('unread-badge');
  }

  /** The Requests tab (first messages from members one has not talked with), with its count. */
  get requestsTab(): Locator {
    return this.page.getByRole('tab', { name: /^Requests/ });
  }

  /** Accept or Decline the request of the member with this name. */
  answer(name: string, answer: 'Accept' | 'Decline'): Promise<void> {
    return this.page.getByRole('button', { name: `${answer} ${name}` }).click();
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search conversations' });
  }

  /** The header's messages link; its name carries the unread count ("Messages (9+ unread)"). */
  get headerLink(): Locator {
    return this.page.getByRole('banner').getByRole('link', { name: /^Messages/ });
  }

  /** Opens the header's inbox dropdown and returns its unread message items. */
  async openInbox(): Promise<Locator> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Inbox' }).click();
    await this.page.getByRole('menuitem', { name: 'View All' }).waitFor();
    return this.page.getByRole('menu').getByRole('menuitem').filter({ hasNotText: 'View All' });
  }
}

/** /messages/{id}: one conversation, its reply form and its Report button. */
export class ConversationPage extends AppPage {
  get thread(): Locator {
    return this.page.getByRole('list', { name: 'Messages' });
  }

  /** A message in the thread with this text. */
  message(text: string): Locator {
    return this.thread.getByRole('listitem').filter({ hasText: text });
  }

  /** The sender label shown on a message ("You", the sender's name, or "User"). */
  senderOf(text: string): Locator {
    return this.message(text).getByTestId('sender');
  }

  async send(text: string, files: { name: string; mimeType: string; buffer: Buffer }[] = []): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Message' }).fill(text);
    if (files.length > 0) await this.page.getByLabel('Attachments').setInputFiles(files);
    await this.page.getByRole('button', { name: 'Send' }).click();
  }

  /** Reports the conversation with this reason, from the Report button through the dialog. */
  async report(reason: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Report Message' });
    await dialog.getByText('Why are you reporting this message?').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Report' }).click();
  }
}
