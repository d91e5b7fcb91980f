import { AppPage } from './app-page';

/** Everything /edit-profile can hold; absent entries are left as they are. */
export interface ProfileEntry {
  name?: string;
  avatar?: { name: string; mimeType: string; buffer: Buffer };
  pronouns?: string[];
  macroRoles?: string[];
  gender?: string;
  sexuality?: string;
  relationshipStatus?: string;
  location?: string;
  height?: string;
  heightUnit?: string;
  weight?: string;
  weightUnit?: string;
  bio?: string;
  /** By the field's label: Bluesky, DeviantArt, ..., Link 5. */
  socials?: Record<string, string>;
}

/** /edit-profile: the profile form, filled by its labels, and the external verification part. */
export class EditProfilePage extends AppPage {
  private field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  private async choose(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).selectOption({ label: option });
  }

  async fill(entry: ProfileEntry): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Edit profile' });
    if (entry.avatar) await form.locator('input[type=file]').setInputFiles(entry.avatar);
    if (entry.name !== undefined)
      await this.page.getByRole('textbox', { name: /^Display name/ }).fill(entry.name);
    for (const pronoun of entry.pronouns ?? []) await form.getByRole('checkbox', { name: pronoun }).check();
    for (const role of entry.macroRoles ?? [])
      await form.getByRole('checkbox', { name: new RegExp(`^${role} \\(`) }).check();
    if (entry.gender) await this.choose('Gender', entry.gender);
    if (entry.sexuality) await this.choose('Sexuality', entry.sexuality);
    if (entry.relationshipStatus) await this.choose('Relationship status', entry.relationshipStatus);
    if (entry.location !== undefined) await this.field('Location').fill(entry.location);
    if (entry.height !== undefined) await this.field('Height').fill(entry.height);
    if (entry.heightUnit) await this.choose('Height unit', entry.heightUnit);
    if (entry.weight !== undefined) await this.field('Weight').fill(entry.weight);
    if (entry.weightUnit) await this.choose('Weight unit', entry.weightUnit);
    if (entry.bio !== undefined) await this.field('Bio').fill(entry.bio);
    for (const [label, value] of Object.entries(entry.socials ?? {})) await this.field(label).fill(value);
  }

  get saveButton() {
    return this.page.getByRole('button', { name: 'Save Profile' });
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  get viewProfileButton() {
    return this.page.getByRole('link', { name: 'View Profile' });
  }

  get avatarPreview() {
    return this.page.getByRole('img', { name: 'Avatar preview' });
  }

  // External verification.
  get codeInput() {
    return this.field('Verification code');
  }

  get verifyButton() {
    return this.page.getByRole('button', { name: 'Verify', exact: true });
  }

  get cfUsernameInput() {
    return this.field('Coiled Fist username');
  }

  /** Submits the code with Enter, as a member who does not see a button would try. */
  async submitCode(): Promise<void> {
    await this.codeInput.press('Enter');
  }
}
