/**
 * Reader settings (PRODUCT.md §14 "Reading"): kept in the member's user settings, merged into what is
 * stored, read back defensively, and chosen in /settings with the spec's saved text.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFlashMessages } from '../src/components/flash';
import {
  DEFAULT_READER_SETTINGS,
  readerSettingsOf,
  readerStyle,
} from '../src/features/reader-settings/reader-settings';
import { pb } from '../src/lib/pocketbase';
import { fakeApi } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { USER_ID } from './shell-helpers';

const USER = `/api/collections/users/records/${USER_ID}`;

describe('reader settings', () => {
  it('read unknown or missing values as the defaults, and set the text from the stored ones', () => {
    expect(readerSettingsOf(null)).toEqual(DEFAULT_READER_SETTINGS);
    expect(readerSettingsOf({ reader: 'large' })).toEqual(DEFAULT_READER_SETTINGS);
    expect(
      readerSettingsOf({ reader: { font_size: 'huge', typeface: 'serif', line_width: 'narrow', extra: 1 } }),
    ).toEqual({ ...DEFAULT_READER_SETTINGS, typeface: 'serif', line_width: 'narrow' });
    const style = readerStyle({
      font_size: 'large',
      line_width: 'narrow',
      line_spacing: 'loose',
      typeface: 'serif',
    }) as Record<string, string>;
    expect(style).toMatchObject({ fontSize: '1.1875rem', maxWidth: '34em', lineHeight: '2.1' });
    expect(style.fontFamily).toMatch(/^Georgia/);
    // The defaults are the site's usual look: no width limit, the site's own typeface.
    expect(readerStyle(DEFAULT_READER_SETTINGS)).toMatchObject({
      maxWidth: 'none',
      fontFamily: 'var(--mantine-font-family)',
    });
  });

  it('are chosen in /settings, saved at once into the stored settings (others kept)', async () => {
    signIn({ settings: { theme: 'dark', notification_sound: false, messages_from: 'nobody' } as never });
    fakeApi.on('PATCH', USER, (request) => ({
      body: { ...pb.authStore.record, ...(request.body as object) },
    }));
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Reading' });
    const typeface = within(section).getByRole('radiogroup', { name: 'Typeface' });
    expect(within(typeface).getByRole('radio', { name: 'Sans-serif' })).toHaveProperty('checked', true);
    await userEvent.click(within(typeface).getByText('Serif'));
    await waitFor(() =>
      expect(getFlashMessages().map((m) => m.text)).toContain('Settings saved successfully.'),
    );
    expect(fakeApi.requestsTo(USER, 'PATCH').map((r) => r.body)).toEqual([
      {
        settings: {
          theme: 'dark',
          notification_sound: false,
          messages_from: 'nobody',
          reader: { ...DEFAULT_READER_SETTINGS, typeface: 'serif' },
        },
      },
    ]);
    expect(within(typeface).getByRole('radio', { name: 'Serif' })).toHaveProperty('checked', true);
  });
});
