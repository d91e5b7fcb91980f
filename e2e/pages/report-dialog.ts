import type { Locator, Page } from 'playwright-core';

/** The shared report dialog (spec part 2 §2): a required Reason, Cancel and Report. */
export class ReportDialog {
  static readonly SENT = 'Report sent successfully.';

  constructor(
    readonly page: Page,
    readonly title: string,
  ) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: this.title });
  }

  /** Fills the reason and sends; waits for the success flash and the dialog to close. */
  async send(reason: string): Promise<void> {
    await this.dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
    await this.dialog.getByRole('button', { name: 'Report' }).click();
    await this.page.getByRole('alert').filter({ hasText: ReportDialog.SENT }).waitFor();
    await this.dialog.waitFor({ state: 'detached' });
  }
}
