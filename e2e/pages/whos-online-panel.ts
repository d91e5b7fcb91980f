import type { Locator, Page } from 'playwright-core';

/** The Who's Online list in the side navigation (signed-in members only). */
export class WhosOnlinePanel {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByRole('region', { name: "Who's Online" });
  }

  /** A member in the list, by display name. */
  member(name: string): Locator {
    return this.panel.getByRole('link', { name, exact: true });
  }
}
