import { ApiError } from '../../tools/api-error';

/**
 * Runs a query built from a caller's filter or from rules it selects. A type clash the database still
 * rejects (PostgreSQL is strict; SQLSTATE classes 22 and 42) is the caller's bad input, so it answers
 * 400 instead of 500.
 */
export async function runUserQuery<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && /^(22|42)/.test(code))
      throw new ApiError(400, 'Something went wrong while processing your request.', {});
    throw error;
  }
}
