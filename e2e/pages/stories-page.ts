import { AppPage } from './app-page';

/** /stories: the published stories and the way to post. */
export class StoriesPage extends AppPage {
  get manageLink() {
    return this.page.getByRole('link', { name: 'Manage Your Stories' });
  }

  static readonly VERIFIED_ONLY = 'Only users with a verified email may post stories.';

  /** The spec's text for members without a verified email (followed by a link to Settings). */
  get verifiedOnlyNote() {
    return this.page.getByText(StoriesPage.VERIFIED_ONLY);
  }

  get submitLink() {
    return this.page.getByRole('link', { name: 'Submit Story' });
  }

  /** A story's card in the list, by its title. */
  card(title: string) {
    return this.page.getByRole('article', { name: title, exact: true });
  }

  /** An author's name on a story's card, a link to their profile. */
  cardAuthorLink(title: string, name: string) {
    return this.card(title).getByRole('link', { name, exact: true });
  }

  storyLink(title: string) {
    return this.page.getByRole('link', { name: title, exact: true });
  }
}
