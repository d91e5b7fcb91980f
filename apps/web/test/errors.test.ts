import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import {
  ERROR_TEXTS,
  errorMessage,
  errorMessages,
  fieldErrors,
  isNotFoundError,
  serviceFailureMessages,
} from '../src/lib/errors';
import { pb } from '../src/lib/pocketbase';
import { fakeApi, listOf } from './fake-api';

/** The error the real SDK raises for a server answer with `status` and `body`. */
async function sdkError(status: number, body: unknown): Promise<unknown> {
  fakeApi.on('POST', '/api/collections/users/records', { status, body });
  return pb
    .collection('users')
    .create({ username: 'tiny_tom' })
    .then(
      () => new Error('expected the request to fail'),
      (error: unknown) => error,
    );
}

describe('errorMessages: the user-facing mapping of spec part 1 §8', () => {
  it.each([
    ['a 404 without a message', 404, {}, ['The requested item was not found.']],
    ['a 400 without a message', 400, {}, ['The request could not be fulfilled.']],
    ['a 500 without a message', 500, {}, ['Something unexpected went wrong. Please try again.']],
    [
      'a server message, shown as sent',
      403,
      { status: 403, message: 'You are not allowed to perform this request.', data: {} },
      ['You are not allowed to perform this request.'],
    ],
    [
      'a 404 with a message: the message wins',
      404,
      { status: 404, message: "The requested resource wasn't found.", data: {} },
      ["The requested resource wasn't found."],
    ],
    [
      'field errors: validation_not_unique and any other code',
      400,
      {
        status: 400,
        message: 'Failed to create record.',
        data: {
          username: { code: 'validation_not_unique', message: 'Value must be unique.' },
          email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
        },
      },
      [
        'Failed to create record.',
        'That username is already in use. Please choose a different one.',
        'email: Must be a valid email address. (validation_is_email)',
      ],
    ],
    [
      'field errors without a message follow the 400 text',
      400,
      { data: { email: { code: 'validation_not_unique', message: 'Value must be unique.' } } },
      ['The request could not be fulfilled.', 'That email is already in use. Please choose a different one.'],
    ],
    [
      'a malformed field entry is skipped',
      400,
      { message: 'Failed to update record.', data: { name: 'not an error object', nested: { inner: {} } } },
      ['Failed to update record.'],
    ],
  ])('%s', async (_name, status, body, expected) => {
    expect(errorMessages(await sdkError(status, body))).toEqual(expected);
  });

  it('maps the SDK’s own 404s: a missing record id and an empty first-item lookup', async () => {
    const missingId = await pb
      .collection('pages')
      .getOne('')
      .catch((error: unknown) => error);
    expect(errorMessages(missingId)).toEqual(['Missing required record id.']);

    fakeApi.on('GET', '/api/collections/pages/records', { body: listOf([]) });
    const noMatch = await pb
      .collection('pages')
      .getFirstListItem('slug = "nope"')
      .catch((error: unknown) => error);
    expect(errorMessages(noMatch)).toEqual(["The requested resource wasn't found."]);
    expect(isNotFoundError(noMatch)).toBe(true);
  });

  it('reports a cancelled request with the SDK’s autocancel text', () => {
    const aborted = new ClientResponseError({ isAbort: true, status: 0 });
    const [text] = errorMessages(aborted);
    expect(text).toMatch(/^The request was aborted \(most likely autocancelled/);
  });

  it('hides the SDK’s placeholder for a network failure behind the fallback', async () => {
    fakeApi.on('GET', '/api/collections/pages/records', () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await pb
      .collection('pages')
      .getList(1, 1)
      .catch((error: unknown) => error);
    expect((offline as ClientResponseError).status).toBe(0);
    expect(errorMessages(offline)).toEqual([ERROR_TEXTS.fallback]);
  });

  it.each([
    ['an Error with a message', new Error('Boom.'), ['Boom.']],
    ['an Error without a message', new Error(''), [ERROR_TEXTS.fallback]],
    ['a string', 'Plain text.', ['Plain text.']],
    ['nothing', undefined, [ERROR_TEXTS.fallback]],
    ['an unknown object', { what: 'ever' }, [ERROR_TEXTS.fallback]],
  ])('handles %s', (_name, error, expected) => {
    expect(errorMessages(error)).toEqual(expected);
  });

  it('errorMessage gives the first line only', async () => {
    const error = await sdkError(400, {
      message: 'Failed to create record.',
      data: { username: { code: 'validation_required', message: 'Cannot be blank.' } },
    });
    expect(errorMessage(error)).toBe('Failed to create record.');
  });

  it('isNotFoundError is true only for a 404 answer', async () => {
    expect(isNotFoundError(await sdkError(404, {}))).toBe(true);
    expect(isNotFoundError(await sdkError(400, {}))).toBe(false);
    expect(isNotFoundError(new Error('404'))).toBe(false);
  });
});

describe('fieldErrors: each refused field with a sentence to show beside it', () => {
  it('maps every field of a validation answer, unique values in the spec’s words', async () => {
    const error = await sdkError(400, {
      status: 400,
      message: 'Failed to create record.',
      data: {
        username: { code: 'validation_not_unique', message: 'Value must be unique.' },
        email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
        password: { code: 'validation_length_out_of_range', message: 'must be at least 8 characters' },
        skipped: 'not an error object',
      },
    });
    expect(fieldErrors(error)).toEqual({
      username: 'That username is already in use. Please choose a different one.',
      email: 'Must be a valid email address.',
      password: 'Must be at least 8 characters.',
    });
  });

  it('is empty for answers without field errors and for errors that are not the server’s', async () => {
    expect(fieldErrors(await sdkError(403, { status: 403, message: 'No.', data: {} }))).toEqual({});
    expect(fieldErrors(await sdkError(500, {}))).toEqual({});
    expect(fieldErrors(new Error('offline'))).toEqual({});
  });
});

describe('serviceFailureMessages: service results of spec part 1 §8', () => {
  it.each([
    ['a success', { success: true, messages: ['ignored'] }, []],
    ['messages', { success: false, messages: ['First.', 'Second.'] }, ['First.', 'Second.']],
    ['errors', { success: false, errors: ['Broken.'] }, ['Broken.']],
    ['both, non-texts dropped', { success: false, messages: ['A.', 3], errors: ['', 'B.'] }, ['A.', 'B.']],
    ['a failure without texts', { success: false }, [ERROR_TEXTS.fallback]],
  ])('%s', (_name, result, expected) => {
    expect(serviceFailureMessages(result)).toEqual(expected);
  });
});
