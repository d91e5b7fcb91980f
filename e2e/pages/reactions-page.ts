import { AppPage } from './app-page';

/** /profiles/me/likes and /profiles/me/favorites: two sections of linked titles. */
export class ReactionsPage extends AppPage {
  section(heading: string) {
    return this.page.getByRole('region', { name: heading });
  }

  item(heading: string, title: string) {
    return this.section(heading).getByRole('link', { name: title });
  }

  removeButton(title: string) {
    return this.page.getByRole('button', { name: new RegExp(`^Un(like|favorite) ${title}$`) });
  }
}
