// A local HTTP server on 127.0.0.1 that speaks the part of Zendesk's Support API Parley calls:
// `GET /api/v2/users/me.json` (https://developer.zendesk.com/api-reference/ticketing/users/users/#show-the-currently-authenticated-user,
// the anonymous user for unknown credentials) and `PUT /api/v2/tickets/{id}.json` with a comment,
// fields and group (https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/#update-ticket,
// answered `{ticket, audit}`; an unknown ticket is `404 {"error":"RecordNotFound"}`). It records every
// update; `mode` makes it answer 500 or refuse connections (stopped) to play Zendesk down.
import { answer, startStandIn, type StandIn } from '../testing/stand-in-server.js';

export interface TicketUpdate {
  ticket: string;
  body: Record<string, any>;
  authorization: string;
}

export interface FakeZendesk extends StandIn<'error500'> {
  updates: TicketUpdate[];
}

export async function startFakeZendesk(email: string, token: string): Promise<FakeZendesk> {
  const updates: TicketUpdate[] = [];
  const expected = `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;
  let audit = 0;
  return startStandIn<FakeZendesk>({ updates }, (req, { mode }) => {
    if (mode === 'error500') return answer(500, { error: 'InternalError' });
    const authorized = req.headers.authorization === expected;
    if (req.match('GET', '/api/v2/users/me.json')) {
      // Zendesk answers unknown credentials with the anonymous user, not a 401.
      if (!authorized) return answer(200, { user: { id: null, url: null, name: 'Anonymous user', email: 'invalid@example.com', role: 'end-user' } });
      return answer(200, { user: { id: 35436, url: 'https://example.zendesk.com/api/v2/users/35436.json', name: 'Parley Bot', email, role: 'agent' } });
    }
    if (!authorized) return answer(401, { error: "Couldn't authenticate you" });
    const m = req.match('PUT', /^\/api\/v2\/tickets\/(\d+)\.json$/);
    if (m) {
      if (m[1] === '404404') return answer(404, { error: 'RecordNotFound', description: 'Not found' });
      const body = req.json();
      updates.push({ ticket: m[1], body: body.ticket, authorization: req.headers.authorization ?? '' });
      return answer(200, { ticket: { id: Number(m[1]), ...body.ticket }, audit: { id: ++audit, ticket_id: Number(m[1]) } });
    }
    return answer(404, { error: 'InvalidEndpoint', description: 'Not found' });
  }, { contentType: 'application/json; charset=utf-8' });
}
