import { AppPage } from './app-page';

export interface RegistrationEntry {
  username: string;
  name: string;
  email: string;
  /** `YYYY-MM-DD`. */
  birthday: string;
  password: string;
  passwordConfirm: string;
  agree: boolean;
}

/** /register: fills the form by its labels and submits it. */
export class RegisterPage extends AppPage {
  async fill(entry: RegistrationEntry): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Username' }).fill(entry.username);
    await this.page.getByRole('textbox', { name: 'Display Name' }).fill(entry.name);
    await this.page.getByRole('textbox', { name: 'Email' }).fill(entry.email);
    await this.page.getByLabel(/^Birthday/).fill(entry.birthday);
    // Password inputs have no ARIA role, so these go by their labels.
    await this.page.getByLabel(/^Password/).fill(entry.password);
    await this.page.getByLabel(/^Confirm Password/).fill(entry.passwordConfirm);
    await this.page.getByRole('checkbox').setChecked(entry.agree);
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Register' }).click();
  }

  /** A validation message under a field. */
  message(text: string) {
    return this.text(text);
  }
}
