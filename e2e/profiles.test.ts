/**
 * A member's own corner of the site (issue 14), in Chromium against the built server: a visitor
 * registers, lands on /edit-profile, fills every field with an avatar and views the result; another
 * member and a moderator see what they should on it; display name and age follow the profile settings;
 * external verification runs against a local stand-in of the external site; likes and favorites pages
 * fill up and empty again.
 */
import PocketBase from 'pocketbase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppPage } from './pages/app-page';
import { EditProfilePage, type ProfileEntry } from './pages/edit-profile-page';
import { ProfilePage } from './pages/profile-page';
import { ReactionsPage } from './pages/reactions-page';
import { RegisterPage, type RegistrationEntry } from './pages/register-page';
import { SecretLoginPage } from './pages/secret-login-page';
import { SettingsPage } from './pages/settings-page';
import { StoryPage } from './pages/story-page';
import { launchBrowser, screenshotOnFailure, type BrowserSession } from './support/browser';
import { startExternalSite, type ExternalSite } from './support/external-site';
import { createMember, superuserClient, type Member } from './support/members';
import { startServer, type RunningServer } from './support/server';

const STEP_TIMEOUT = 90_000;
const CF_CODE = 'GIANTCODE123';
const CF_USERNAME = 'GiantessEdda';

/** A date `years` ago (minus a day) from today, as `YYYY-MM-DD`: the member is exactly `years` old. */
function birthdayFor(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

const PROFILE: ProfileEntry = {
  pronouns: ['she/her', 'they/them'],
  macroRoles: ['giant', 'grower'],
  gender: 'female',
  sexuality: 'bisexual',
  relationshipStatus: 'open',
  location: 'Lighthouse Hill',
  height: '1834.25',
  heightUnit: 'centimeters (cm)',
  weight: '95.5',
  weightUnit: 'pounds (lb)',
  bio: 'I keep watch over **tiny** villages.',
  socials: {
    Bluesky: 'edda.bsky.social',
    DeviantArt: 'edda-art',
    Discord: 'edda#1234',
    Instagram: 'edda.gram',
    Patreon: 'eddawrites',
    Reddit: 'edda_r',
    TikTok: 'eddatok',
    Twitter: 'eddatweets',
    'Link 1': 'https://example.com/one',
    'Link 2': 'https://example.com/two',
    'Link 3': 'https://example.com/three',
    'Link 4': 'https://example.com/four',
    'Link 5': 'https://example.com/five',
  },
};

describe.skipIf(!inject('browserAvailable'))('profiles, edit profile, likes and favorites', () => {
  let server: RunningServer;
  let site: ExternalSite;
  let browser: BrowserSession;
  let other: BrowserSession;
  let admin: PocketBase;
  let reader: Member;
  let moderator: Member;
  const username = `edda_${Date.now().toString(36)}`;
  const entry: RegistrationEntry = {
    username,
    name: 'Edda Tall',
    email: `${username}@example.com`,
    birthday: birthdayFor(36),
    password: 'a long and private passphrase',
    passwordConfirm: 'a long and private passphrase',
    agree: true,
  };
  let memberId = '';

  beforeAll(async () => {
    site = await startExternalSite({ [CF_CODE]: CF_USERNAME });
    server = await startServer({ CF_VERIFY_URL: site.url });
    browser = await launchBrowser();
    other = await launchBrowser();
    admin = await superuserClient(server);
    reader = await createMember(admin, { username: 'tiny_reader', name: 'Tiny Reader' });
    moderator = await createMember(admin, {
      username: 'mod_mia',
      name: 'Moderator Mia',
      roles: ['moderator'],
    });
  });
  afterAll(async () => {
    await other?.close();
    await browser?.close();
    await server?.stop();
    await site?.close();
  });

  it(
    'registers, fills every field with an avatar, saves and sees each value on /profiles/me',
    async () => {
      const page = await browser.context.newPage();
      screenshotOnFailure(page, 'profiles-edit');
      const register = new RegisterPage(page, server.url);
      await register.open('/register');
      await register.fill(entry);
      await register.submit();
      await page.waitForURL((url) => url.pathname === '/edit-profile');

      const edit = new EditProfilePage(page, server.url);
      await edit.heading('Edit Profile').waitFor();
      const avatar = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#cc6633' } })
        .png()
        .toBuffer();
      await edit.fill({ ...PROFILE, avatar: { name: 'edda.png', mimeType: 'image/png', buffer: avatar } });
      expect(await edit.avatarPreview.getAttribute('src')).toMatch(/^blob:/);
      await edit.save();
      await edit.flash('Profile updated successfully.').waitFor();

      await edit.viewProfileButton.click();
      await page.waitForURL((url) => url.pathname === '/profiles/me');
      const profile = new ProfilePage(page, server.url);
      await profile.heading('Edda Tall').waitFor();
      expect(await profile.fact('Pronouns').textContent()).toContain('she/her, they/them');
      const roles = await profile.fact('Macro roles').textContent();
      expect(roles).toContain('giant (prefers being the larger partner)');
      expect(roles).toContain('grower (grows their partner to giant sizes)');
      expect(await profile.fact('Gender').textContent()).toContain('female');
      expect(await profile.fact('Sexuality').textContent()).toContain('bisexual');
      expect(await profile.fact('Relationship status').textContent()).toContain('open');
      expect(await profile.fact('Location').textContent()).toContain('Lighthouse Hill');
      expect(await profile.fact('Height').textContent()).toContain('1834.25 cm');
      expect(await profile.fact('Weight').textContent()).toContain('95.5 lb');
      await profile.page.getByText('tiny', { exact: true }).waitFor();
      for (const [label, value] of Object.entries(PROFILE.socials ?? {})) {
        if (label === 'Discord') await profile.text(`Discord: ${value}`).waitFor();
        else await profile.social(label).waitFor();
      }
      expect(await profile.social('Twitter').getAttribute('href')).toBe('https://x.com/eddatweets');
      // Age only with displayAge; the name by the display-name rule.
      expect(await profile.fact('Age').count()).toBe(0);
      expect(await profile.avatar.getAttribute('src')).toMatch(
        /\/api\/files\/\w+\/\w+\/edda_\w+\.png\?thumb=64x64$/,
      );
      const menuAvatar = page.getByRole('banner').getByRole('img', { name: 'Edda Tall' });
      expect(await menuAvatar.getAttribute('src')).toContain('thumb=256x256f');
      await profile.editProfileButton.waitFor();
      expect(await profile.reportButton.count()).toBe(0);
      expect(await profile.sendMessageButton.count()).toBe(0);
      memberId = (await admin.collection('users').getFirstListItem(`username = "${username}"`)).id;
    },
    STEP_TIMEOUT,
  );

  it(
    'another member sees Report and Send Message on it and not on their own; a moderator sees the ids',
    async () => {
      const page = await other.context.newPage();
      screenshotOnFailure(page, 'profiles-other');
      await new SecretLoginPage(page, server.url).signIn(reader.username, reader.password);
      const profile = new ProfilePage(page, server.url);
      await profile.open(`/profiles/${username}`);
      await profile.heading('Edda Tall').waitFor();
      await profile.reportButton.waitFor();
      expect(await profile.sendMessageButton.getAttribute('href')).toBe(`/messages?with=${memberId}`);
      expect(await profile.editProfileButton.count()).toBe(0);
      expect(await profile.text('User ID:').count()).toBe(0);
      await profile.reportButton.click();
      await page.getByRole('dialog', { name: 'Report Profile' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();

      await profile.open('/profiles/me');
      await profile.heading('Tiny Reader').waitFor();
      await profile.editProfileButton.waitFor();
      expect(await profile.reportButton.count()).toBe(0);
      expect(await profile.sendMessageButton.count()).toBe(0);

      await profile.open('/profiles/nobody_by_that_name');
      await profile.heading('Profile not found').waitFor();

      await new AppPage(page, server.url).signOut();
      await new SecretLoginPage(page, server.url).signIn(moderator.username, moderator.password);
      await profile.open(`/profiles/${username}`);
      await profile.heading('Edda Tall').waitFor();
      await page.getByText(`User ID: ${memberId}`).waitFor();
      await page.getByText(/^Profile ID: \w{15}$/).waitFor();
      await page.close();
    },
    STEP_TIMEOUT,
  );

  it(
    'shows the age only with displayAge, and the username as name with displayUsername',
    async () => {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      screenshotOnFailure(page, 'profiles-settings');
      const settings = new SettingsPage(page, server.url);
      await settings.open('/settings');
      await settings.switch('Display age').check();
      await settings.switch('Display username').check();
      await settings.saveSettings();

      const profile = new ProfilePage(page, server.url);
      await profile.open('/profiles/me');
      await profile.heading(username).waitFor();
      expect(await profile.fact('Age').textContent()).toContain('36');
      await page
        .getByRole('banner')
        .getByRole('button', { name: `Account menu for ${username}` })
        .waitFor();

      await settings.open('/settings');
      await settings.switch('Display age').uncheck();
      await settings.switch('Display username').uncheck();
      await settings.saveSettings();
      await profile.open('/profiles/me');
      await profile.heading('Edda Tall').waitFor();
      expect(await profile.fact('Age').count()).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    'verifies the external profile against the stand-in site',
    async () => {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      screenshotOnFailure(page, 'profiles-verify');
      const edit = new EditProfilePage(page, server.url);
      await edit.open('/edit-profile');
      await edit.codeInput.waitFor();
      // Empty code: the spec's text; a code of the wrong length: no button.
      await edit.submitCode();
      await edit
        .text('Please enter a Coiled Fist Profile Verification Code to verify your profile.')
        .waitFor();
      await edit.codeInput.fill('SHORT');
      expect(await edit.verifyButton.count()).toBe(0);
      await edit.codeInput.fill(CF_CODE);
      await edit.verifyButton.click();
      await edit.flash('CF Profile Verified!').waitFor();
      expect(await edit.cfUsernameInput.inputValue()).toBe(CF_USERNAME);
      expect(await edit.cfUsernameInput.getAttribute('readonly')).not.toBeNull();
      expect(await edit.codeInput.count()).toBe(0);
      // After a reload too: the server kept it.
      await page.reload();
      await edit.cfUsernameInput.waitFor();
      expect(await edit.cfUsernameInput.inputValue()).toBe(CF_USERNAME);
      expect(await edit.verifyButton.count()).toBe(0);
      const profile = new ProfilePage(page, server.url);
      await profile.open('/profiles/me');
      await profile.text(`CF verified: ${CF_USERNAME}`).waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    'lists liked and favorited stories and series, and takes them back in place',
    async () => {
      // A published story and series by the reader, made as an operator would.
      const storyPost = await admin.collection('posts').create({
        type: 'story',
        title: 'The Tiny Village',
        contributors: [reader.id],
        published: new Date().toISOString(),
      });
      const story = await admin
        .collection('stories')
        .create({ post: storyPost.id, content: 'Once upon a time.' });
      const seriesPost = await admin.collection('posts').create({
        type: 'series',
        title: 'Giant Tales',
        contributors: [reader.id],
        published: new Date().toISOString(),
      });
      await admin.collection('series').create({ post: seriesPost.id, stories: [story.id] });

      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      screenshotOnFailure(page, 'profiles-reactions');
      // The reader's profile lists their published work, and not a draft of theirs.
      const draftPost = await admin
        .collection('posts')
        .create({ type: 'story', title: 'An Unfinished Draft', contributors: [reader.id] });
      await admin.collection('stories').create({ post: draftPost.id, content: 'Not yet.' });
      const profile = new ProfilePage(page, server.url);
      await profile.open(`/profiles/${reader.username}`);
      await profile.workItem('Stories', 'The Tiny Village').waitFor();
      await profile.workItem('Series', 'Giant Tales').waitFor();
      expect(await profile.workItem('Stories', 'An Unfinished Draft').count()).toBe(0);
      const likes = new ReactionsPage(page, server.url);
      await likes.open('/profiles/me/likes');
      await likes.heading('My Likes').waitFor();
      await likes.text('You have no liked series.').waitFor();
      await likes.text('You have no liked stories.').waitFor();
      await likes.open('/profiles/me/favorites');
      await likes.text('You have no favorite series.').waitFor();
      await likes.text('You have no favorite stories.').waitFor();

      const storyPage = new StoryPage(page, server.url);
      await storyPage.open(`/stories/${story.id}`);
      await storyPage.like();
      await page.getByRole('button', { name: 'Favorite', exact: true, pressed: false }).click();
      await page.getByRole('button', { name: 'Favorite', exact: true, pressed: true }).waitFor();
      // The series page is another issue's screen; the member likes and favorites the series through the API.
      const member = new PocketBase(server.url);
      await member.collection('users').authWithPassword(username, entry.password);
      await member
        .collection('likes')
        .create({ target: seriesPost.id, user: memberId })
        .catch((error: { response?: unknown }) => {
          throw new Error(JSON.stringify(error.response));
        });
      await member.collection('favorites').create({ target: seriesPost.id, user: memberId, type: 'series' });

      await likes.open('/profiles/me/likes');
      await likes.item('liked stories', 'The Tiny Village').waitFor();
      await likes.item('liked series', 'Giant Tales').waitFor();
      expect(await likes.item('liked stories', 'The Tiny Village').getAttribute('href')).toBe(
        `/stories/${story.id}`,
      );
      await likes.removeButton('The Tiny Village').click();
      await likes.text('You have no liked stories.').waitFor();
      await likes.item('liked series', 'Giant Tales').waitFor();

      await likes.open('/profiles/me/favorites');
      await likes.item('Favorite Stories', 'The Tiny Village').waitFor();
      await likes.item('Favorite Series', 'Giant Tales').waitFor();
      await likes.removeButton('Giant Tales').click();
      await likes.text('You have no favorite series.').waitFor();
      // Taken back on the server too.
      await page.reload();
      await likes.item('Favorite Stories', 'The Tiny Village').waitFor();
      await likes.text('You have no favorite series.').waitFor();
      const left = await member
        .collection('likes')
        .getFullList<{ target: string }>({ filter: `user = "${memberId}"` });
      expect(left.map((like) => like.target)).toEqual([seriesPost.id]);
    },
    STEP_TIMEOUT,
  );
});
