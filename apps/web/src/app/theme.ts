import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palette with the darker half (shades 6 to 9) deepened where its text and filled controls fall
 * short of WCAG AA: each of those shades reaches at least 4.8:1 against white, so coloured text on the
 * light page, white text on a filled control and coloured text on a white control all read (DESIGN.md §6).
 * Shades 0 to 5 are Mantine's own: they are the ones the dark scheme draws text with.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#2b813a',
  '#267b35',
  '#227331',
  '#216b30',
];
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#966a03',
  '#946000',
  '#945600',
  '#924b00',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#e40707',
  '#d81111',
  '#c51e1e',
  '#b22525',
];
const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#1673c4',
  '#186ebb',
  '#1766b0',
  '#175fa2',
];

export const theme = createTheme({
  primaryColor: 'grape',
  // Links and filled controls in the darker grapes reach 4.5:1 against the page in both schemes.
  primaryShade: { light: 8, dark: 7 },
  colors: { green, yellow, red, blue },
  // A filled control picks black or white text, whichever contrasts more with its colour (0.179 is the
  // luminance at which both give the same ratio).
  autoContrast: true,
  luminanceThreshold: 0.179,
  // Members who ask their device for less motion get no transitions (PRODUCT.md §14).
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

/**
 * Mantine's "dimmed" grey is 3.3:1 on white and 4:1 on the dark page, under the 4.5:1 small text needs;
 * these greys reach about 6:1 on the page and 5:1 on a card's tinted background, in each scheme. The
 * placeholder greys (shown by pickers such as the file input as text) reach 4.5:1 on an input.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#687078' },
  dark: { '--mantine-color-dimmed': '#a6a7ab', '--mantine-color-placeholder': '#9c9c9c' },
});
