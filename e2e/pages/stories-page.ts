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

  storyLink(title: string) {
    return this.page.getByRole('link', { name: title, exact: true });
  }
}
