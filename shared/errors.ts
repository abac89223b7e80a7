/**
 * The one error class of the service. Domain and store code throw it; the
 * error middleware turns it into the error body of DESIGN.md §5:
 * `{"error": {"code", "message", "details"?}}`.
 */
export type ErrorDetail = { path?: string; message: string };

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: ErrorDetail[];
  /** When false the message is replaced by a generic one in the response. */
  readonly expose: boolean;

  constructor(status: number, code: string, message: string, options: { details?: ErrorDetail[]; expose?: boolean } = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.expose = options.expose ?? status < 500;
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'VALIDATION_FAILED', message, { details });
export const unauthorized = (message = 'Invalid or missing API key') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
