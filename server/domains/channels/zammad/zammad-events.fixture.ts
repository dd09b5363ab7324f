// Zammad webhook requests as Zammad documents them, for the tests: the default payload (`ticket` and
// `article`, trimmed to the fields Parley reads plus their neighbours) and the headers `User-Agent`,
// `X-Zammad-Trigger`, `X-Zammad-Delivery` and `X-Hub-Signature`, as on
// https://admin-docs.zammad.org/en/latest/manage/webhook/payload.html and
// https://admin-docs.zammad.org/en/latest/manage/webhook/add.html (HMAC SHA1 Signature Token).
import { randomUUID } from 'node:crypto';
import { zammadSignature } from './signature.js';

export const CUSTOMER = 8;

export function customerArticle(o: { articleId: number; ticketId: number; body: string; title?: string; articleCount?: number; sender?: 'Customer' | 'Agent'; createdById?: number; internal?: boolean; html?: boolean }) {
  return {
    ticket: {
      article_count: o.articleCount ?? 1,
      create_article_sender: 'Customer',
      create_article_type: 'web',
      created_at: '2020-11-13T14:34:35.282Z',
      customer_id: CUSTOMER,
      group: { active: true, id: 3, name: 'Service Desk' },
      group_id: 3,
      id: o.ticketId,
      number: String(10000 + o.ticketId),
      owner_id: 5,
      priority: { id: 2, name: '2 normal' },
      priority_id: 2,
      state: 'open',
      state_id: 2,
      title: o.title ?? 'Webhook-Test',
      updated_at: '2020-11-13T14:34:35.333Z',
    },
    article: {
      body: o.html ? `<div>${o.body}</div><div><br></div>` : o.body,
      content_type: o.html ? 'text/html' : 'text/plain',
      created_at: '2020-11-13T14:34:35.318Z',
      created_by_id: o.createdById ?? CUSTOMER,
      from: 'Emily Adams <emily@example.com>',
      id: o.articleId,
      internal: o.internal ?? false,
      origin_by_id: CUSTOMER,
      sender: o.sender ?? 'Customer',
      sender_id: o.sender === 'Agent' ? 1 : 2,
      ticket_id: o.ticketId,
      to: 'Service Desk',
      type: 'web',
      type_id: 11,
      updated_at: '2020-11-13T14:34:35.318Z',
    },
  };
}

export function signedHeaders(secret: string, body: string) {
  return {
    'content-type': 'application/json',
    'user-agent': 'Zammad User Agent',
    'x-zammad-trigger': 'Parley: customer article',
    'x-zammad-delivery': randomUUID(),
    'x-hub-signature': zammadSignature(secret, body),
  };
}
