// Error responses every guarded route documents (issue 3.8), with the flat body of DESIGN.md section 2.
import { ErrorSchema } from '../../../shared/schemas/api.js';

const err = (description: string) => ({ ...ErrorSchema, description });

export function projectErrorResponses(method: string | string[]) {
  const withBody = [method].flat().some((m) => ['POST', 'PUT', 'PATCH'].includes(m));
  return {
    400: err('invalid_request / unknown_parameter / invalid_json, with `details`'),
    401: err('unauthorized: header missing or malformed, key unknown, deleted or of the other environment'),
    403: err('wrong_project, or insufficient_permissions with `required_permissions`'),
    404: err('not_found'),
    ...(withBody ? { 413: err('payload_too_large'), 415: err('unsupported_media_type') } : {}),
    429: err('rate_limit_exceeded with `retry_after` (also the Retry-After header)'),
  };
}

export function sessionErrorResponses(method: string | string[]) {
  const withBody = [method].flat().some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m));
  return {
    400: err('invalid_request / unknown_parameter, with `details`'),
    401: err('unauthorized: no valid session cookie'),
    403: err('session_required (an API key was sent), csrf_failed, or forbidden (role)'),
    404: err('not_found'),
    ...(withBody ? { 413: err('payload_too_large'), 415: err('unsupported_media_type') } : {}),
    429: err('rate_limit_exceeded (login attempts)'),
  };
}
