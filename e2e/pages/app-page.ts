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

  /** A link of the footer (spec part 1 §2). */
  footerLink(name: string): Locator {
    return this.page.locator('footer').getByRole('link', { name, exact: true });
  }

  heading(text: string): Locator {
    return this.page.getByRole('heading', { name: text });
  }

  text(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** A flash message (spec part 1 §2) with exactly this text. */
  flash(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /**
   * Whether the element lies wholly inside the viewport and below the fixed header: what the member
   * actually sees without scrolling.
   */
  async inView(locator: Locator): Promise<boolean> {
    const box = await locator.boundingBox();
    const viewport = this.page.viewportSize();
    if (!box || !viewport) return false;
    const header = await this.page.getByRole('banner').boundingBox();
    const top = header ? header.y + header.height : 0;
    return (
      box.y >= top &&
      box.y + box.height <= viewport.height &&
      box.x >= 0 &&
      box.x + box.width <= viewport.width
    );
  }

  /** Scrolls to the very bottom of the page, as a member does to reach a long form's button. */
  async scrollToBottom(): Promise<void> {
    await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await this.page.waitForFunction(
      () =>
        Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1 &&
        window.scrollY > 0,
    );
  }

  /** The heading of the page shown (level 1). */
  get mainHeading(): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 1 });
  }

  /** The header's account menu, present only while someone is signed in. */
  get accountMenu(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
  }

  /** The header's notifications button. */
  get notificationsButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Notifications' });
  }

  /** Opens the header's notifications dropdown. */
  async openNotifications(): Promise<void> {
    await this.notificationsButton.click();
    await this.page.getByRole('menuitem', { name: 'View All' }).waitFor();
  }

  /** A notification in the open dropdown. */
  notification(text: string | RegExp): Locator {
    return this.page.getByRole('menu').getByRole('menuitem', { name: text });
  }

  /** Signs out from the account menu. */
  async signOut(): Promise<void> {
    await this.accountMenu.click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
    await this.page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
  }

  /** The current path and query, e.g. `/login?redirect=%2Fstories`. */
  location(): string {
    const url = new URL(this.page.url());
    return url.pathname + url.search;
  }

  title(): Promise<string> {
    return this.page.title();
  }
}
