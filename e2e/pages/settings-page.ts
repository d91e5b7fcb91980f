import fs from 'node:fs';
import { AppPage } from './app-page';

/** /settings: site and profile settings, email verification and change, password, your data, deletion. */
export class SettingsPage extends AppPage {
  get pageHeading() {
    return this.page.getByRole('heading', { level: 1, name: 'Settings' });
  }

  get sendVerificationButton() {
    return this.page.getByRole('button', { name: 'Send Verification Email' });
  }

  get verifiedNote() {
    return this.text('Your email address is verified.');
  }

  /** One of the switches (Notification sound, Show markdown source, Appear online, Display username, ...). */
  switch(label: string) {
    return this.page.getByRole('switch', { name: label });
  }

  async chooseTheme(theme: 'Auto' | 'Dark' | 'Light'): Promise<void> {
    await this.page.getByText(theme, { exact: true }).click();
  }

  theme(theme: 'Auto' | 'Dark' | 'Light') {
    return this.page.getByRole('radio', { name: theme });
  }

  async saveSettings(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save Settings' }).click();
    await this.flash('Settings saved successfully.').waitFor();
  }

  /** Asks for the email change; the mail goes to the new address. */
  async requestEmailChange(newEmail: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'New email' }).fill(newEmail);
    await this.page.getByRole('button', { name: 'Change Email' }).click();
  }

  async confirmEmailChange(password: string): Promise<void> {
    await this.page
      .getByRole('form', { name: 'Confirm your new email' })
      .getByLabel(/^Password/)
      .fill(password);
    await this.page.getByRole('button', { name: 'Confirm Email Change' }).click();
  }

  async changePassword(oldPassword: string, password: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Change password' });
    await form.getByLabel(/^Current password/).fill(oldPassword);
    await form.getByLabel(/^New password/).fill(password);
    await form.getByLabel(/^Confirm new password/).fill(password);
    await form.getByRole('button', { name: 'Change Password' }).click();
  }

  /** The colour scheme Mantine applied to the page: `dark` or `light`. */
  colorScheme(): Promise<string | null> {
    return this.page.locator('html').getAttribute('data-mantine-color-scheme');
  }

  /** "Your data": asks for the export; the section then says it is being gathered. */
  async requestDataExport(): Promise<void> {
    await this.page.getByRole('button', { name: 'Download my data' }).click();
    await this.text('We are gathering your data. We will tell you when it is ready.').waitFor();
  }

  /** Waits until the export is ready (the section updates by itself) and downloads the zip. */
  async downloadDataExport(timeout = 60_000): Promise<{ name: string; bytes: Buffer }> {
    const button = this.page.getByRole('button', { name: 'Download the zip' });
    await button.waitFor({ timeout });
    const [file] = await Promise.all([this.page.waitForEvent('download'), button.click()]);
    return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
  }

  /** "Delete my account" with the choice for works (comments and forum posts kept) and the password. */
  async deleteAccount(password: string, works: 'orphan' | 'delete'): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Delete my account' });
    await form
      .getByRole('radio', {
        name: works === 'orphan' ? 'Keep them for readers, shown as by "orphaned"' : 'Delete them',
        exact: true,
      })
      .check();
    await form.getByLabel(/^Your password/).fill(password);
    await form.getByRole('button', { name: 'Delete My Account' }).click();
  }
}
