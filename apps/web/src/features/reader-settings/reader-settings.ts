import type { CSSProperties } from 'react';

/**
 * Reader settings (PRODUCT.md §14 "Reading"): how story and forum-post bodies are set for this member,
 * kept in their user settings as `settings.reader`. The defaults are the site's usual look.
 */
export const READER_CHOICES = {
  font_size: [
    { value: 'small', label: 'Small', css: '0.9375rem' },
    { value: 'medium', label: 'Medium', css: '1rem' },
    { value: 'large', label: 'Large', css: '1.1875rem' },
    { value: 'larger', label: 'Larger', css: '1.375rem' },
  ],
  line_width: [
    { value: 'narrow', label: 'Narrow', css: '34em' },
    { value: 'medium', label: 'Medium', css: '42em' },
    { value: 'wide', label: 'Wide', css: '52em' },
    { value: 'full', label: 'Full', css: 'none' },
  ],
  line_spacing: [
    { value: 'compact', label: 'Compact', css: '1.35' },
    { value: 'normal', label: 'Normal', css: '1.55' },
    { value: 'relaxed', label: 'Relaxed', css: '1.8' },
    { value: 'loose', label: 'Loose', css: '2.1' },
  ],
  typeface: [
    { value: 'sans', label: 'Sans-serif', css: 'var(--mantine-font-family)' },
    { value: 'serif', label: 'Serif', css: "Georgia, Cambria, 'Times New Roman', Times, serif" },
  ],
} as const;

export type ReaderSetting = keyof typeof READER_CHOICES;
export type ReaderSettings = { [K in ReaderSetting]: (typeof READER_CHOICES)[K][number]['value'] };

export const READER_SETTING_LABELS: Record<ReaderSetting, string> = {
  font_size: 'Font size',
  line_width: 'Line width',
  line_spacing: 'Line spacing',
  typeface: 'Typeface',
};

export const QUICK_CONTROL_LABEL = 'Reader settings';

export const READER_SETTINGS = Object.keys(READER_CHOICES) as ReaderSetting[];

export const DEFAULT_READER_SETTINGS: ReaderSettings = {
  font_size: 'medium',
  line_width: 'full',
  line_spacing: 'normal',
  typeface: 'sans',
};

function choiceOf<K extends ReaderSetting>(key: K, value: unknown) {
  const choices: ReadonlyArray<{ value: string; css: string }> = READER_CHOICES[key];
  return choices.find((choice) => choice.value === value);
}

/** The member's reader settings from their stored user settings; unknown or missing values read as the defaults. */
export function readerSettingsOf(settings: unknown): ReaderSettings {
  const stored =
    settings && typeof settings === 'object' ? (settings as { reader?: unknown }).reader : undefined;
  const reader = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result = { ...DEFAULT_READER_SETTINGS };
  for (const key of READER_SETTINGS) {
    if (choiceOf(key, reader[key])) (result as Record<string, string>)[key] = String(reader[key]);
  }
  return result;
}

/** The CSS a body of text takes from the settings (lists and quotes follow the spacing through the variable). */
export function readerStyle(reader: ReaderSettings): CSSProperties {
  const css = (key: ReaderSetting) => choiceOf(key, reader[key])?.css ?? '';
  return {
    fontSize: css('font_size'),
    maxWidth: css('line_width'),
    lineHeight: css('line_spacing'),
    fontFamily: css('typeface'),
    '--mantine-line-height': css('line_spacing'),
    '--mantine-font-family-headings': css('typeface'),
  } as CSSProperties;
}
