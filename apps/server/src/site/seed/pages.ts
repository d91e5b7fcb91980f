/**
 * The content pages seeded on first start (PRODUCT.md §10). Operators edit them afterwards through the
 * API; the seed never overwrites a page that exists.
 */
export interface PageSeed {
  slug: string;
  title: string;
  visibleTo: 'everyone' | 'members' | 'moderators';
  content: string;
}

const p = (...paragraphs: string[]) =>
  paragraphs.map((text) => (text.startsWith('<') ? text : `<p>${text}</p>`)).join('\n');
const list = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

export const PAGES: PageSeed[] = [
  {
    slug: 'home',
    title: 'Home',
    visibleTo: 'everyone',
    content: p(
      'A home for size-difference stories and art: giants and tinies, shrinking and growing, and everything in between.',
      'Members write stories and series, talk in the forums, and follow the writers they love. This is an adults-only community (18+); please read the <a href="/help/rules">rules</a> and the <a href="/help/content-guidelines">content guidelines</a> before you post.',
    ),
  },
  {
    slug: 'news',
    title: 'News',
    visibleTo: 'everyone',
    content: p(
      '<h2>The new site is open</h2>',
      'Stories, series, forums, messages and live notifications are all here. Tell us in the forums what you would like next.',
    ),
  },
  {
    slug: 'roadmap',
    title: 'Roadmap',
    visibleTo: 'everyone',
    content: p(
      'What we are working on, roughly in order:',
      list(
        'Richer story formatting and chapter management',
        'Art galleries with image series',
        'Better search with content-warning filters',
        'Collections and reading lists',
      ),
    ),
  },
  {
    slug: 'faq',
    title: 'Frequently Asked Questions',
    visibleTo: 'everyone',
    content: p(
      '<h2>Who can join?</h2>',
      'Adults only. You must be at least 18 years old to register, and we ask for your birthday to check it. Your birthday is never shown unless you choose to display your age.',
      '<h2>Why is my story not visible yet?</h2>',
      'New stories and series are reviewed by a moderator before they are published. You will get a notification as soon as a moderator has looked at it.',
      '<h2>Can I stay anonymous?</h2>',
      'Yes. Use a pseudonym as your username and display name. Your email address is never shown to other members, and what you read stays private.',
    ),
  },
  {
    slug: 'rules',
    title: 'Community Rules',
    visibleTo: 'everyone',
    content: p(
      'These rules keep the community safe and welcoming. Breaking them can get content removed or an account banned.',
      list(
        '<strong>Adults only.</strong> Every member is 18 or older. No content may depict, describe or suggest minors in any sexual or size-fetish context, whatever the claimed age of a character.',
        '<strong>Fiction stays fiction.</strong> Stories may explore dark themes, but never target real people without their consent.',
        '<strong>Consent and respect.</strong> No harassment, threats, doxxing or hate. Take "no" for an answer in messages.',
        '<strong>Tag honestly.</strong> Use labels and tags so readers can choose what they read (see the content guidelines).',
        '<strong>Your own work.</strong> Only post what you created or have permission to share, and credit collaborators.',
        '<strong>Report, do not retaliate.</strong> Use the Report button; moderators review every report.',
      ),
    ),
  },
  {
    slug: 'content-guidelines',
    title: 'Content Guidelines',
    visibleTo: 'everyone',
    content: p(
      'Size-difference fiction covers a wide range, from gentle and romantic to intense. Good labels and tags let every reader find what they enjoy and avoid what they do not.',
      list(
        'Label the main themes (for example giant, tiny, shrinking, growing) and add tags for details.',
        'Mark intense content clearly in the description: vore, peril, non-consensual themes, gore, crushing.',
        'Artwork follows the same rules as stories; no photographs of real people edited into size scenes without their consent.',
        'Series collect chapters in order; keep each chapter readable on its own page.',
      ),
      'Moderators may ask you to add warnings before a submission is published.',
    ),
  },
  {
    slug: 'contact',
    title: 'Contact',
    visibleTo: 'everyone',
    content: p(
      'Questions about the site, a moderation decision or your account? Send a direct message to any moderator, or use the Report button on the content concerned. For privacy requests, write to the address given in the privacy policy.',
    ),
  },
  {
    slug: 'terms-of-use',
    title: 'Terms of Use',
    visibleTo: 'everyone',
    content: p(
      'By creating an account you confirm that you are at least 18 years old and that you will follow the community rules.',
      'You keep the rights to what you post. You give the site permission to store and display it to members for as long as you keep it here. You can delete your stories, series, posts and comments at any time.',
      'We may remove content or suspend accounts that break the rules. The site is provided as it is, without guarantees of availability.',
    ),
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    visibleTo: 'everyone',
    content: p(
      'We keep only what the site needs: your username, email, birthday (to confirm you are an adult), your profile, and what you post.',
      'Your email and birthday are visible only to you and to moderators. What you read is private: view counts are shown, never who viewed. Passwords are stored as salted hashes only.',
      'We do not sell data or show third-party advertising.',
      'You can download a copy of your data yourself, in Settings, under "Your data", once a day: a zip with your account and profile, your stories, series and forum posts (as markdown and as EPUB books), comments, messages sent and received, likes, favorites, follows, reading progress, blocks, mutes, drafts, earlier versions, your files and the reports you made. Reports about you and what other members keep are not in it. We tell you by notification and by mail when it is ready; only you, signed in, can download it, and it is deleted 7 days later.',
      'You can delete your account yourself, in Settings, under "Delete my account", with your password. The account is erased 7 days later; if you sign in before then, the deletion is cancelled. You choose what happens to your stories and series: kept for readers, shown as by "orphaned" (a story you wrote with co-authors stays theirs), or deleted. Your comments and forum posts stay, shown as by "deleted member", because other members replied to them; you can ask for them to be deleted instead, and those someone answered then keep their place without your text.',
      'When the account is erased, your profile, avatar, likes, favorites, views, follows, reading progress, blocks, mutes, drafts, notifications and sessions are deleted. Messages you exchanged stay with the other member, without your name. Like and view counts go down by yours. Your username can be taken by someone else 30 days later. Nothing that remains is linked to your account any more (what you wrote in a kept story or comment stays as you wrote it).',
      'Request logs are kept for 5 days. Backups are kept for at most 30 days, so an erased account disappears from them within 30 days; if a backup is ever restored, we erase the account again.',
    ),
  },
  {
    slug: 'login',
    title: 'Login',
    visibleTo: 'everyone',
    content: p(
      'Welcome back. Sign in to read and write stories, join the forums and see your notifications.',
    ),
  },
  {
    slug: 'secret-login',
    title: 'Login',
    visibleTo: 'everyone',
    content: p('Sign in with your username and password.'),
  },
  {
    slug: 'register',
    title: 'Register',
    visibleTo: 'everyone',
    content: p(
      'Join the community. You must be at least 18 years old. Pick a pseudonym if you like: your email and birthday are never shown to other members.',
    ),
  },
  {
    slug: 'forgot-password',
    title: 'Forgot Password',
    visibleTo: 'everyone',
    content: p('Enter the email of your account and we will send you a link to choose a new password.'),
  },
  {
    slug: 'search',
    title: 'Search',
    visibleTo: 'members',
    content: p('Search published stories by title, description and text.'),
  },
];
