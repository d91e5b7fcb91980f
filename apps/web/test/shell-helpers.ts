import { screen } from '@testing-library/react';
import { renderApp } from './render';
import { userRecord } from './session';

/** The id of the member `signIn()` signs in. */
export const USER_ID = userRecord().id;

export const header = () => screen.getByRole('banner');

/** Renders the app at / and waits for the shell (the first screen's code loads lazily). */
export async function renderShell() {
  const view = renderApp('/');
  await screen.findByRole('banner');
  return view;
}
