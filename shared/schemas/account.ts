// Request bodies of the team member's own account and of the API-key reveal (spec 2.3: "a later
// explicit reveal by an authenticated user"): both ask for the member's password again, so a session
// left open on someone's desk can neither read a key nor change the password.
import { Type, type Static } from 'typebox';

const closed = { additionalProperties: false } as const;
const Password = Type.String({ minLength: 1, maxLength: 200 });

export const RevealKeyBody = Type.Object({ password: Password }, closed);
export type RevealKeyBody = Static<typeof RevealKeyBody>;

export const AcceptInviteBody = Type.Object(
  { token: Type.String({ minLength: 10, maxLength: 300 }), password: Type.String({ minLength: 8, maxLength: 200, description: 'At least 8 characters' }) },
  closed,
);
export type AcceptInviteBody = Static<typeof AcceptInviteBody>;

export const ChangePasswordBody = Type.Object(
  { current_password: Password, new_password: Type.String({ minLength: 8, maxLength: 200, description: 'At least 8 characters' }) },
  closed,
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordResetRequestBody = Type.Object({ email: Type.String({ minLength: 3, maxLength: 320 }) }, closed);
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

export const PasswordResetBody = Type.Object(
  { token: Type.String({ minLength: 10, maxLength: 300 }), password: Type.String({ minLength: 8, maxLength: 200, description: 'At least 8 characters' }) },
  closed,
);
export type PasswordResetBody = Static<typeof PasswordResetBody>;
