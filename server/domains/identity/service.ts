// Identify a widget visitor (spec 2.4; docs/identity.md).
//
// Decisions (where the spec is silent):
// - Only verified values (a valid HMAC or JWT from the site owner's backend) are written to the
//   user's identity fields (email, phone, external_id) and set the matching `*_signed` flag.
// - Unsigned values are stored in `external_attributes.unverified_<field>`, visible to operators and
//   audiences, but never looked up, so a visitor cannot claim someone else's identity by typing it.
// - A verified value that already belongs to a user makes the visitor that user. The visitor's
//   anonymous conversations move along; a visitor already verified as somebody else keeps theirs
//   (switching accounts on one browser must not hand one person's history to another).
// - Signatures and token claims vouch for the canonical form of a value only (verify.ts): a signed
//   variant of a value (other case, spaces, another field's signature) is refused, never merged.
// - A wrong signature or token rejects the whole call (`identity_verification_failed`) so the site
//   owner notices a broken integration instead of silently getting unverified users.
import type { Channel, User } from '../../../shared/schemas/entities.js';
import { AppError } from '../../errors.js';
import type { UserService } from '../users/service.js';
import type { ConversationService } from '../conversations/service.js';
import { IDENTITY_FIELDS, verifyJwt, verifyValue, type IdentityClaims, type IdentityField } from './verify.js';

export interface IdentifyInput extends IdentityClaims {
  email_signature?: string;
  phone_signature?: string;
  external_id_signature?: string;
  jwt?: string;
}

export interface IdentifyResult {
  user: User;
  /** The user the visitor was before, when it changed. */
  previous_user_id: string | null;
  moved_conversation_ids: string[];
  verified_fields: IdentityField[];
}

const isVerified = (u: User) => u.email_signed || u.phone_signed || u.external_id_signed;

/** `deps` is read lazily: the services object is still being built when this factory runs. */
export function createIdentityService(deps: () => { users: UserService; conversations: ConversationService }) {
  const users = {
    get: (p: string, id: string) => deps().users.get(p, id),
    findByIdentity: (p: string, f: IdentityField, v: string) => deps().users.findByIdentity(p, f, v),
    create: (p: string, input: Parameters<UserService['create']>[1]) => deps().users.create(p, input),
    patch: (p: string, id: string, input: Parameters<UserService['patch']>[2]) => deps().users.patch(p, id, input),
  };
  const conversations = {
    list: (p: string) => deps().conversations.list(p),
    patch: (p: string, id: string, patch: { user_id: string }) => deps().conversations.patch(p, id, patch),
  };

  function verifiedClaims(channel: Channel, input: IdentifyInput): { verified: Partial<Record<IdentityField, string>>; unsigned: IdentityClaims } {
    const secret = channel.identity_secret;
    const verified: Partial<Record<IdentityField, string>> = {};
    const unsigned: IdentityClaims = { first_name: input.first_name, last_name: input.last_name };
    const wantsVerification = Boolean(input.jwt || input.email_signature || input.phone_signature || input.external_id_signature);
    if (wantsVerification && !secret) {
      throw new AppError('identity_verification_failed', 'This channel has no identity secret, so signed identities cannot be checked');
    }
    if (input.jwt) {
      const result = verifyJwt(secret!, input.jwt);
      if (!result.ok) throw new AppError('identity_verification_failed', `Identity token rejected: ${result.reason} (docs/identity.md)`);
      for (const f of IDENTITY_FIELDS) if (result.claims[f]) verified[f] = result.claims[f];
      unsigned.first_name = result.claims.first_name ?? unsigned.first_name;
      unsigned.last_name = result.claims.last_name ?? unsigned.last_name;
    }
    for (const f of IDENTITY_FIELDS) {
      const value = input[f];
      const signature = input[`${f}_signature`];
      if (!value || verified[f] === value) continue;
      if (verified[f] !== undefined) throw new AppError('identity_verification_failed', `The ${f} differs from the one in the identity token`);
      if (signature) {
        const check = verifyValue(secret!, f, value, signature);
        if (!check.ok) throw new AppError('identity_verification_failed', `Signature rejected: ${check.reason} (docs/identity.md)`);
        verified[f] = check.value;
      } else {
        unsigned[f] = value;
      }
    }
    return { verified, unsigned };
  }

  /** Unsigned values land in external_attributes; names are plain profile data. */
  function unsignedPatch(unsigned: IdentityClaims) {
    const attrs: Record<string, unknown> = {};
    for (const f of IDENTITY_FIELDS) if (unsigned[f]) attrs[`unverified_${f}`] = unsigned[f];
    return {
      ...(unsigned.first_name ? { first_name: unsigned.first_name } : {}),
      ...(unsigned.last_name ? { last_name: unsigned.last_name } : {}),
      ...(Object.keys(attrs).length ? { external_attributes: attrs } : {}),
    };
  }

  async function moveConversations(projectId: string, from: string, to: string): Promise<string[]> {
    const moved: string[] = [];
    for (const c of await conversations.list(projectId)) {
      if (c.user_id !== from) continue;
      await conversations.patch(projectId, c.id, { user_id: to });
      moved.push(c.id);
    }
    return moved;
  }

  return {
    /**
     * `currentUserId` is the user the visitor's device is bound to, or null before any interaction.
     * The caller (the widget gateway) rebinds the device to the returned user.
     */
    async identify(projectId: string, channel: Channel, currentUserId: string | null, input: IdentifyInput): Promise<IdentifyResult> {
      const { verified, unsigned } = verifiedClaims(channel, input);
      const verifiedFields = IDENTITY_FIELDS.filter((f) => verified[f] !== undefined);
      if (channel.require_verified_identity && verifiedFields.length === 0) {
        throw new AppError('verified_identity_required', 'This channel accepts only identities signed by the website');
      }
      const current = currentUserId ? await users.get(projectId, currentUserId) : undefined;

      // Strongest identity first: external id, then email, then phone.
      let target: User | undefined;
      for (const f of verifiedFields) {
        target = await users.findByIdentity(projectId, f, verified[f]!);
        if (target) break;
      }
      let moved: string[] = [];
      if (!target) {
        // Verified as someone else already (a signed field of the same kind with another value):
        // a different person on this browser gets a fresh user, never the current one's history.
        const other = current && verifiedFields.some((f) => current[`${f}_signed`] && current[f] !== null);
        if (current && !other) target = current;
        else target = await users.create(projectId, {});
      } else if (current && current.id !== target.id && !isVerified(current)) {
        moved = await moveConversations(projectId, current.id, target.id);
      }

      // Verified values become identity fields (only where no other user holds them; the strongest
      // match decided who the visitor is) and set their flags.
      const patch: Parameters<UserService['patch']>[2] = { ...unsignedPatch(unsigned) };
      for (const f of verifiedFields) {
        const holder = await users.findByIdentity(projectId, f, verified[f]!);
        if (holder && holder.id !== target.id) continue;
        patch[f] = verified[f]!;
        patch[`${f}_signed`] = true;
      }
      const user = Object.keys(patch).length ? await users.patch(projectId, target.id, patch) : target;

      // The emptied anonymous user is left in place: another tab may still be bound to it, and the
      // gateway rebinds this device to `user`.
      return { user, previous_user_id: current && current.id !== user.id ? current.id : null, moved_conversation_ids: moved, verified_fields: verifiedFields };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
