// Canonical forms of the values that identify a user (spec 2.4: email, phone, external id). One
// definition for storage, lookups and signature checks: a value is stored, searched and verified in
// exactly this form, so two spellings of one value can never name two users, and a signature over
// one spelling can never vouch for another (docs/identity.md, "Signature format").
export type IdentityField = 'email' | 'phone' | 'external_id';

/** Strongest identity first: external id, then email, then phone (the order lookups try). */
export const IDENTITY_FIELDS: readonly IdentityField[] = ['external_id', 'email', 'phone'];

/** What a canonical form looks like, for error messages and docs. */
export const CANONICAL_RULES: Record<IdentityField, string> = {
  email: 'trimmed and lower-case',
  phone: 'without spaces, dots, dashes or brackets (e.g. +15551234567)',
  external_id: 'without leading or trailing whitespace',
};

export function canonicalIdentity(field: IdentityField, value: string): string {
  if (field === 'email') return value.trim().toLowerCase();
  if (field === 'phone') return value.replace(/[\s().-]/g, '');
  return value.trim();
}

export const isCanonicalIdentity = (field: IdentityField, value: string) => canonicalIdentity(field, value) === value;
