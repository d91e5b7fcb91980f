import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isCodeLoadError, retryingImport } from '../src/lib/retrying-import';
import { fakeApi, listOf } from './fake-api';
import { renderApp } from './render';
import { signIn } from './session';
import { STORIES, story } from './story-fixtures';

describe('after a network blip (issue 47, finding 2)', () => {
  it('a list that failed to load offers "Try again", which loads it', async () => {
    signIn({ verified: true });
    let asked = 0;
    fakeApi.on('GET', STORIES, () => {
      asked += 1;
      return asked === 1
        ? { status: 400, body: { status: 400, message: 'Something went wrong.', data: {} } }
        : { body: listOf([story('s1', 'Back Again')], { perPage: 10 }) };
    });
    renderApp('/stories');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back Again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("a screen's code is loaded again when one attempt fails", async () => {
    let attempts = 0;
    const load = retryingImport(() => {
      attempts += 1;
      return attempts < 3
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve('screen');
    }, [0, 0]);
    expect(await load()).toBe('screen');
    expect(attempts).toBe(3);
  });

  it('gives up after the last attempt, with the error the error view recognises', async () => {
    const error = new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js');
    const load = retryingImport(() => Promise.reject(error), [0, 0]);
    await expect(load()).rejects.toBe(error);
    expect(isCodeLoadError(error)).toBe(true);
    expect(isCodeLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isCodeLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });
});
