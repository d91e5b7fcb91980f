import type { Locator, Page } from 'playwright-core';

/** The parts of the site shell every page shares. Page objects for single screens extend this. */
export class AppPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(pathname: string): Promise<void> {
    await this.page.goto(new URL(pathname, this.baseUrl).toString());
  }

  get mainNavigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Main navigation' });
  }

  heading(text: string): Locator {
    return this.page.getByRole('heading', { name: text });
  }

  text(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  title(): Promise<string> {
    return this.page.title();
  }
}
