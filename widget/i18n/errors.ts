// What the visitor reads for a server error (every widget string from the catalogues). The
// server's `message` is English and written for developers; the stable `error` code picks the
// visitor's text in their language.
import type { Catalogue } from './en.js';

export function errorText(code: string, strings: Catalogue): string {
  switch (code) {
    case 'verified_identity_required':
      return strings.identityRequired;
    case 'rate_limit_exceeded':
      return strings.errorRateLimited;
    case 'origin_not_allowed':
    case 'forbidden':
      return strings.errorNotAllowed;
    case 'not_found':
    case 'not_configured':
      return strings.errorUnavailable;
    default:
      return strings.errorGeneric;
  }
}
