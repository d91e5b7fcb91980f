import { AppPage } from './app-page';

/** /settings: the email part. */
export class SettingsPage extends AppPage {
  get sendVerificationButton() {
    return this.page.getByRole('button', { name: 'Send Verification Email' });
  }

  get verifiedNote() {
    return this.text('Your email address is verified.');
  }
}
