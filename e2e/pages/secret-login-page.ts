import { AppPage } from './app-page';

/** /secret/login: the username and password form. */
export class SecretLoginPage extends AppPage {
  /** Signs in from the form and waits until the app has left the login page. */
  async signIn(username: string, password: string, redirect = '/'): Promise<void> {
    await this.open(`/secret/login?redirect=${encodeURIComponent(redirect)}`);
    await this.page.getByRole('textbox', { name: 'Username' }).fill(username);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Login' }).click();
    await this.page.waitForURL((url) => url.pathname !== '/secret/login');
  }
}
