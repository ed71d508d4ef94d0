import { isWinnowError, type WinnowErrorCode } from '@winnow/dom-blocks';

/** Codes of the demo's JSON errors: dom-blocks' codes plus the HTTP layer's own. */
export type DemoErrorCode =
  | WinnowErrorCode
  | 'PAYLOAD_TOO_LARGE'
  | 'PAGE_TOO_LARGE'
  | 'TOO_MANY_PAGES'
  | 'TOO_MANY_ALGORITHMS'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'MALFORMED_BODY'
  | 'NO_PAGE'
  | 'NO_ALGORITHM'
  | 'BAD_TARGET'
  | 'NEEDS_SITE_PAGES'
  | 'URL_FETCH_DISABLED'
  | 'INVALID_URL'
  | 'URL_FETCH_FAILED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CROSS_SITE_REQUEST'
  | 'EXTRACTION_TIMEOUT'
  | 'SERVER_BUSY'
  | 'HOST_NOT_ALLOWED'
  | 'UNKNOWN_FIGURE'
  | 'FIGURE_BUSY'
  | 'FIGURE_TOO_LARGE'
  | 'INTERNAL';

/** A refusal with an HTTP status, a code for machines and a message that says what to do. */
export class DemoError extends Error {
  readonly code: DemoErrorCode;
  readonly status: number;
  constructor(code: DemoErrorCode, status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DemoError';
    this.code = code;
    this.status = status;
  }
}

/** HTTP status for dom-blocks' codes: bad input is the client's, the rest the server's. */
const WINNOW_ERROR_STATUS: Partial<Record<WinnowErrorCode, number>> = {
  EMPTY_INPUT: 400,
  BINARY_INPUT: 415,
  INPUT_TOO_LARGE: 413,
  UNSUPPORTED_ENCODING: 415,
  INVALID_OPTIONS: 400,
  UNKNOWN_ALGORITHM: 400,
  UNREADABLE_INPUT: 400,
};

/** Any thrown value as a `{ status, code, message }` the API can send. Unknown failures hide their details. */
export function toErrorBody(cause: unknown): { status: number; code: DemoErrorCode; message: string } {
  if (cause instanceof DemoError) return { status: cause.status, code: cause.code, message: cause.message };
  if (isWinnowError(cause)) return { status: WINNOW_ERROR_STATUS[cause.code] ?? 500, code: cause.code, message: cause.message };
  return { status: 500, code: 'INTERNAL', message: 'The server failed on this request; the page may be too unusual. Try another page or algorithm.' };
}
