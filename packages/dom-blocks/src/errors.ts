/** Machine-readable failure codes. Every real failure in winnow is a `WinnowError` with one of these. */
export type WinnowErrorCode =
  | 'EMPTY_INPUT'
  | 'BINARY_INPUT'
  | 'INPUT_TOO_LARGE'
  | 'UNSUPPORTED_ENCODING'
  | 'INVALID_OPTIONS'
  | 'INVALID_MODEL'
  | 'UNREADABLE_INPUT'
  | 'DATASET_NOT_FOUND'
  | 'UNKNOWN_ALGORITHM'
  | 'LAYOUT_UNAVAILABLE'
  | 'STORE_ERROR';

/**
 * A typed failure with a code and an actionable message (what went wrong and what to do).
 * Modelled on changesets' `ValidationError`: `code` for machines, `message` for people, `cause` kept.
 */
export class WinnowError extends Error {
  readonly code: WinnowErrorCode;
  constructor(code: WinnowErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WinnowError';
    this.code = code;
  }
}

export function isWinnowError(value: unknown): value is WinnowError {
  return value instanceof WinnowError || (value instanceof Error && value.name === 'WinnowError' && 'code' in value);
}
