import { AppPage } from './app-page';

/** /settings: site and profile settings, email verification and change, password. */
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
}
