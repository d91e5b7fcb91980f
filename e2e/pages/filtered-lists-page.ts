import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/**
 * What every story list shares for muted tags and size filters (PRODUCT.md §14): the "N hidden by your
 * filters" note with its "Show them", the "Mute tag" button of a browse page, the size pickers, and the
 * story cards by title.
 */
export class FilteredListsPage extends AppPage {
  hiddenNote(count: number): Locator {
    return this.page.getByText(`${count} hidden by your filters`, { exact: true });
  }

  get anyHiddenNote(): Locator {
    return this.page.getByText(/hidden by your filters$/);
  }

  get showThem(): Locator {
    return this.page.getByRole('button', { name: 'Show them' });
  }

  get muteTag(): Locator {
    return this.page.getByRole('button', { name: 'Mute tag' });
  }

  get unmuteTag(): Locator {
    return this.page.getByRole('button', { name: 'Unmute tag' });
  }

  /** A story card's title link in the main content. */
  card(title: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: title, exact: true });
  }

  /** The story cards in the main content. */
  get cards(): Locator {
    return this.page.getByRole('main').getByRole('article');
  }

  sizePicker(name: 'Larger character' | 'Smaller character' | 'Size change'): Locator {
    return this.page.getByRole('main').getByRole('combobox', { name });
  }
}
