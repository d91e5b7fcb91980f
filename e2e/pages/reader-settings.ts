import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

/** How a body of text is set: what the reader settings change, as the browser computed it. */
export interface TextSetting {
  fontSize: string;
  fontFamily: string;
  maxWidth: string;
  lineHeight: string;
}

/** The reader settings (PRODUCT.md §14): the story page's quick control, the /settings "Reading" section, and the text they set. */
export class ReaderSettingsPage extends AppPage {
  get quickControl(): Locator {
    return this.page.getByRole('button', { name: 'Reader settings' });
  }

  get settingsSection(): Locator {
    return this.page.getByRole('region', { name: 'Reading' });
  }

  /** Picks a choice ("Large", "Serif", ...) of one setting ("Font size", ...) within `scope`, and waits for it to be saved. */
  async choose(scope: Locator, setting: string, choice: string): Promise<void> {
    const saved = this.page.waitForResponse(
      (response) =>
        /\/api\/collections\/users\/records\/\w+$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'PATCH' &&
        response.ok(),
    );
    await scope.getByRole('radiogroup', { name: setting }).getByText(choice, { exact: true }).click();
    await saved;
  }

  /** The radio of one choice of one setting (a segmented control is a radio group). */
  choiceOf(scope: Locator, setting: string, choice: string): Locator {
    return scope.getByRole('radiogroup', { name: setting }).getByRole('radio', { name: choice, exact: true });
  }

  /** The first paragraph of the story's or post's body, as the browser sets it. */
  async bodySetting(): Promise<TextSetting> {
    return this.page
      .locator('[data-reader-text] p')
      .first()
      .evaluate((paragraph) => {
        const box = paragraph.closest('[data-reader-text]')!;
        const style = getComputedStyle(paragraph);
        return {
          fontSize: style.fontSize,
          fontFamily: style.fontFamily,
          lineHeight: style.lineHeight,
          maxWidth: getComputedStyle(box).maxWidth,
        };
      });
  }
}
