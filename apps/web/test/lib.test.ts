import { describe, expect, it } from 'vitest';
import { attachmentsShownIn, chosenFileKey, chosenImageUrl } from '../src/lib/attachments';
import { avatarUrl } from '../src/lib/avatar';
import { formatBadgeCount, formatCount } from '../src/lib/format';
import { isAdmin, isModerator, isTester, parseRoles } from '../src/lib/roles';
import { getSession } from '../src/lib/session';
import { formatPageTitle } from '../src/lib/use-page-title';
import { signIn, signOut } from './session';

describe('format', () => {
  it.each([
    [0, '0'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('badge count %i reads %s', (count, text) => {
    expect(formatBadgeCount(count)).toBe(text);
  });

  it('caps at another limit when asked (the conversation list uses 99+)', () => {
    expect(formatBadgeCount(100, 99)).toBe('99+');
  });

  it('puts thousands separators in counts', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12)).toBe('12');
  });
});

describe('roles: admin counts as moderator, moderator as tester', () => {
  it.each([
    [[], false, false, false],
    [['tester'], false, false, true],
    [['moderator'], false, true, true],
    [['admin'], true, true, true],
  ] as const)('%j', (roles, admin, moderator, tester) => {
    expect([isAdmin(roles), isModerator(roles), isTester(roles)]).toEqual([admin, moderator, tester]);
  });

  it('reads the roles field defensively', () => {
    expect(parseRoles(['moderator', 'superhero'])).toEqual(['moderator']);
    expect(parseRoles('admin')).toEqual(['admin']);
    expect(parseRoles(null)).toEqual([]);
  });
});

describe('session from pb.authStore', () => {
  it('follows sign-in and sign-out', () => {
    expect(getSession().user).toBeNull();
    signIn({ roles: ['moderator'], settings: { theme: 'dark' } });
    expect(getSession().user?.username).toBe('tiny_tom');
    expect(getSession().roles).toEqual(['moderator']);
    expect(getSession().theme).toBe('dark');
    signOut();
    expect(getSession().user).toBeNull();
  });

  it('treats an expired token as signed out', () => {
    signIn({}, -60);
    expect(getSession().user).toBeNull();
  });
});

describe('avatars and titles', () => {
  const profile = { id: 'p1', collectionName: 'profiles', avatar: 'me.png' };

  it('builds thumbnail URLs with pb.files.getURL, 64x64 by default', () => {
    expect(avatarUrl(profile)).toMatch(/\/api\/files\/profiles\/p1\/me\.png\?thumb=64x64$/);
    expect(avatarUrl(profile, '256x256f')).toMatch(/\?thumb=256x256f$/);
    expect(avatarUrl({ ...profile, avatar: '' })).toBeUndefined();
  });

  it('formats the browser title as "{page title} | {site title}"', () => {
    expect(formatPageTitle('Stories')).toBe('Stories | Size Community');
    expect(formatPageTitle(undefined)).toBe('Size Community');
  });
});

describe('attachments named in markdown', () => {
  const files = ['map_of_town_a1b2c3d4e5.png', 'song_0123456789.mp3', 'cover_abcdefghij.jpg'];

  it('attachmentsShownIn finds the attachments the text shows as images, by stored or typed name', () => {
    const markdown = [
      'A ![the map](Map-Of-Town.png) and ![cover](cover_abcdefghij.jpg "Cover").',
      'A [link to the song](song.mp3) is not an image; ![elsewhere](https://example.com/map_of_town.png) is not ours.',
    ].join('\n');
    expect([...attachmentsShownIn(markdown, files)].sort()).toEqual([
      'cover_abcdefghij.jpg',
      'map_of_town_a1b2c3d4e5.png',
    ]);
    expect(attachmentsShownIn('No images here.', files).size).toBe(0);
  });

  it('chosenImageUrl gives a chosen, not yet uploaded file’s local address by the name the member typed', () => {
    const chosen = new Map([[chosenFileKey(new File(['x'], 'Map Of Town.PNG')), 'blob:local-map']]);
    expect(chosenImageUrl('map-of-town.png', chosen)).toBe('blob:local-map');
    expect(chosenImageUrl('other.png', chosen)).toBeUndefined();
    expect(chosenImageUrl('https://example.com/map_of_town.png', chosen)).toBeUndefined();
  });
});
