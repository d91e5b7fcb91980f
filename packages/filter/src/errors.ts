/**
 * The single error type thrown by every parser in this package (filter, sort, expand, fields).
 * Callers can rely on `instanceof FilterSyntaxError` to turn user mistakes into 400 responses
 * while letting any other error surface as a bug.
 */
export class FilterSyntaxError extends Error {
  /** 0-based UTF-16 offset into the parsed input where the problem was detected. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'FilterSyntaxError';
    this.position = position;
  }
}
