import { AppPage } from './app-page';

export class NotFoundPage extends AppPage {
  static readonly TITLE = '404 - Page Not Found';
  static readonly TEXT = 'The page you were looking for could not be found.';

  get heading404() {
    return this.heading(NotFoundPage.TITLE);
  }

  get explanation() {
    return this.text(NotFoundPage.TEXT);
  }
}
