// @vitest-environment happy-dom
// The console's status chip says who has an open conversation as it is (shared/holder.ts): queued
// for a person while nobody of the team holds it, with a person once one does; nothing of the AI's
// own conversations, nor of the holder a closed conversation keeps for a reopen.
import { describe, expect, it } from 'vitest';
import { render } from 'preact';
import type { Conversation } from '../shared/schemas/entities.js';
import { StatusChip } from '../dashboard/components/StatusChip.js';

const base = {
  id: 'c1',
  project_id: 'p1',
  user_id: 'u1',
  channel_id: null,
  channel_type: 'website_widget',
  status: 'active',
  ai_involvement: 'public',
  operator_active: false,
  holder: 'ai',
  rating: null,
  rating_feedback: null,
  topic: null,
  labels: [],
  tags: [],
  assignee_id: null,
  external_id: null,
  hidden: false,
  spam: false,
  message_count: 2,
  last_seq: 2,
  first_message_at: null,
  last_message_at: null,
  created_at: '2026-11-28T12:00:00.000Z',
  updated_at: '2026-11-28T12:00:00.000Z',
} as unknown as Conversation;

function chip(patch: Partial<Conversation>) {
  const el = document.createElement('div');
  render(<StatusChip c={{ ...base, ...patch }} />, el);
  return el.textContent;
}

describe('console status chip', () => {
  it('tells queued from held by a person', () => {
    // In the queue: escalated, muted, nobody holds it. It was "Escalated · human".
    expect(chip({ status: 'escalated', operator_active: true, holder: 'queue' })).toBe('Escalated · queued');
    // Escalated while the AI still answers: it waits in the team's queue all the same.
    expect(chip({ status: 'escalated', operator_active: false, holder: 'ai' })).toBe('Escalated · queued');
    expect(chip({ status: 'escalated', operator_active: true, holder: 'operator', assignee_id: 'm1' })).toBe('Escalated · with a person');
    expect(chip({ status: 'active', operator_active: true, holder: 'operator', assignee_id: 'm1' })).toBe('Active · with a person');
    // Stored before `holder` existed: read from operator_active and the assignee.
    expect(chip({ status: 'escalated', operator_active: true, holder: undefined, assignee_id: null })).toBe('Escalated · queued');
    expect(chip({ status: 'active', operator_active: false, holder: 'ai' })).toBe('Active');
    expect(chip({ status: 'resolved', operator_active: true, holder: 'operator', assignee_id: 'm1' })).toBe('Resolved');
  });
});
