// set_user_attribute (toolbox "conversation", spec 2.9): the model remembers one fact about the user
// it is talking to, as one key of the user's `external_attributes` (spec 2.4), merged like a PATCH of
// the users API and held to the same free-form limits (docs/api.md). Keys that Parley itself writes
// (the widget's page attributes, unverified identity values, the contact e-mail) are not the model's
// to change: an attribute the site owner's audiences read must not be forged by what a visitor says.
import type { AgentTool } from '../provider.js';
import type { UserService } from '../../users/service.js';
import { AppError } from '../../../errors.js';

const KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_TEXT = 1000;
const reserved = (key: string) => key === 'widget' || key === 'contact_email' || key.startsWith('unverified_');

export interface SetUserAttributeDeps {
  projectId: string;
  userId: string;
  users: UserService;
}

export function setUserAttributeTool(deps: SetUserAttributeDeps): AgentTool {
  return {
    name: 'set_user_attribute',
    description:
      "Remember one fact about the user for the team and later conversations, e.g. their plan, company or order number: a key (letters, digits, underscores) and a short value (text, number or true/false). Only store what the user told you.",
    parameters: {
      type: 'object',
      properties: {
        key: { type: 'string', description: 'Attribute name, e.g. company or order_number' },
        value: { type: ['string', 'number', 'boolean'], description: 'The value to store' },
      },
      required: ['key', 'value'],
      additionalProperties: false,
    },
    async run(args) {
      const key = typeof args.key === 'string' ? args.key.trim() : '';
      if (!KEY.test(key)) return { content: 'Error: key must start with a letter and hold only letters, digits and underscores (at most 64); nothing was stored.' };
      if (reserved(key)) return { content: `Error: "${key}" is kept by Parley itself and cannot be set; choose another key.` };
      const { value } = args;
      const ok = (typeof value === 'string' && value.length <= MAX_TEXT) || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
      if (!ok) return { content: `Error: value must be text of at most ${MAX_TEXT} characters, a number or true/false; nothing was stored.` };
      try {
        await deps.users.patch(deps.projectId, deps.userId, { external_attributes: { [key]: typeof value === 'string' ? value.trim() : value } });
      } catch (err) {
        // The merged attributes would exceed the documented limits (or the user is gone): the model's to know.
        if (err instanceof AppError) return { content: `Error: ${err.message}; nothing was stored.` };
        throw err;
      }
      return { content: `Stored ${key} = ${JSON.stringify(value)} on the user.` };
    },
  };
}
