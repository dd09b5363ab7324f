// Zendesk webhook requests as Zendesk documents them, for the tests. The payload is the
// `zen:event-type:ticket.comment_added` ticket event (top-level id, type, subject, detail with the
// ticket, event.comment with its author), shaped as on
// https://developer.zendesk.com/api-reference/webhooks/event-types/ticket-events/ and
// https://developer.zendesk.com/api-reference/webhooks/event-types/webhook-event-types/ (event schema);
// the signature headers as on
// https://developer.zendesk.com/documentation/webhooks/verifying/ (base64 HMAC-SHA256 of timestamp + body).
import { zendeskSignature } from './signature.js';

export const ACCOUNT_ID = 22129848;
export const REQUESTER = '8447388090494';

export function commentAdded(o: { eventId: string; ticketId: string; body: string; description?: string; subject?: string; authorId?: string; isStaff?: boolean; isPublic?: boolean }) {
  const author = o.authorId ?? REQUESTER;
  return {
    account_id: ACCOUNT_ID,
    detail: {
      actor_id: author,
      assignee_id: null,
      brand_id: '8447346621310',
      created_at: '2025-01-08T10:12:07Z',
      custom_status: '8447320465790',
      description: o.description ?? o.body,
      external_id: null,
      form_id: '8646151517822',
      group_id: '8447320466430',
      id: o.ticketId,
      is_public: true,
      organization_id: '8447346622462',
      priority: 'LOW',
      requester_id: REQUESTER,
      status: 'OPEN',
      subject: o.subject ?? 'ticket_subject',
      submitter_id: REQUESTER,
      tags: ['ticket-tag'],
      type: 'TASK',
      updated_at: '2025-01-08T10:12:07Z',
      via: { channel: 'web_service' },
    },
    event: {
      comment: {
        author: { id: author, is_staff: o.isStaff ?? false, name: 'Kaylee Carter' },
        body: o.body,
        id: `${Number(o.ticketId) * 1000 + 1}`,
        is_public: o.isPublic ?? true,
      },
    },
    id: o.eventId,
    subject: `zen:ticket:${o.ticketId}`,
    time: '2025-01-08T10:12:07.672717030Z',
    type: 'zen:event-type:ticket.comment_added',
    zendesk_event_version: '2022-11-06',
  };
}

export function signedHeaders(secret: string, body: string, at: Date) {
  const timestamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    'content-type': 'application/json',
    'user-agent': 'Zendesk Webhook',
    'x-zendesk-webhook-id': '01GK8E6BKWMJZD2T8Y5AXJQMG5',
    'x-zendesk-webhook-signature-timestamp': timestamp,
    'x-zendesk-webhook-signature': zendeskSignature(secret, timestamp, body),
  };
}
