// Which category an AI reply is billed under (spec 2.12, 8.1 rules 2 and 3).
import { describe, expect, it } from 'vitest';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import { categoryOf } from './usage.js';

const conv = (over: Partial<ConversationRecord>) => ({ spam: false, channel_type: 'website', ...over }) as ConversationRecord;

describe('categoryOf', () => {
  it('splits chat and ticketing; simulations always at the Chat rate; spam never', () => {
    expect(categoryOf(conv({}), false)).toBe('chat_messages');
    expect(categoryOf(conv({ channel_type: 'ticketing_zendesk' }), false)).toBe('ticketing_messages');
    expect(categoryOf(conv({ channel_type: 'crm_case' }), false)).toBe('ticketing_messages');
    expect(categoryOf(conv({ channel_type: 'ticketing_zendesk', simulation: { target: 'draft', context: {} } }), false)).toBe('chat_messages');
    expect(categoryOf(conv({ spam: true }), false)).toBeNull();
  });

  it('a legacy account counts every channel as Generated Messages, still never spam', () => {
    expect(categoryOf(conv({ channel_type: 'ticketing_zendesk' }), true)).toBe('generated_messages');
    expect(categoryOf(conv({ simulation: { target: 'draft', context: {} } }), true)).toBe('generated_messages');
    expect(categoryOf(conv({ spam: true }), true)).toBeNull();
  });
});
