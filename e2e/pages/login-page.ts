import { AppPage } from './app-page';

/** /login: the page's intro, the single-sign-on button (when offered) and the way to register. */
export class LoginPage extends AppPage {
  get registerLink() {
    return this.page.getByRole('link', { name: 'Register an Account' });
  }

  get passwordLoginLink() {
    return this.page.getByRole('link', { name: 'Login with your username' });
  }
}
