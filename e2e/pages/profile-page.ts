import { AppPage } from './app-page';

/** /profiles/{username}: the member's card, facts, socials and published work. */
export class ProfilePage extends AppPage {
  get name() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The value in the "About" table for a label (Pronouns, Age, Height, ...). */
  fact(label: string) {
    return this.page
      .getByRole('table', { name: 'About' })
      .getByRole('row', { name: new RegExp(`^${label} `) });
  }

  get reportButton() {
    return this.page.getByRole('button', { name: 'Report', exact: true });
  }

  get sendMessageButton() {
    return this.page.getByRole('link', { name: 'Send Message' });
  }

  get editProfileButton() {
    return this.page.getByRole('main').getByRole('link', { name: 'Edit Profile', exact: true });
  }

  social(label: string) {
    return this.page.getByRole('link', { name: new RegExp(`^${label}: `) });
  }

  /** A link to a piece of the member's published work, in its section ("Stories", "Series"). */
  workItem(section: string, title: string) {
    return this.page.getByRole('region', { name: section }).getByRole('link', { name: title });
  }

  /** The profile's avatar picture (a flash message's icon may come first in the page). */
  get avatar() {
    return this.page.getByRole('main').locator('img[src*="/api/files/"]').first();
  }
}
