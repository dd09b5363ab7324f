// Errors carry a code from the one catalogue in shared/errors.ts (docs/architecture.md section 8).
import { ERROR_CODES, type ErrorCode } from '../shared/errors.js';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras: Record<string, unknown> = {},
    status?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status ?? ERROR_CODES[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const invalid = (message: string, details: { path: string; message: string }[] = []) =>
  new AppError('invalid_request', message, { details });
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(code, message);
