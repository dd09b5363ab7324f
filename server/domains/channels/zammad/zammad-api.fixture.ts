// A local HTTP server on 127.0.0.1 that speaks the part of Zammad's REST API Parley calls, with
// token access (`Authorization: Token token=…`, https://docs.zammad.org/en/latest/api/intro.html):
// `GET /api/v1/users/me` (https://docs.zammad.org/en/latest/api/user.html), `POST /api/v1/ticket_articles`
// (https://docs.zammad.org/en/latest/api/ticket/articles.html, answered with the article) and
// `PUT /api/v1/tickets/{id}` with a group and an article (https://docs.zammad.org/en/latest/api/ticket/index.html).
// An unknown token is `401 {"error":"Invalid token!"}`. `mode` plays Zammad down (500, or stopped).
import { answer, startStandIn, type StandIn, type StandInCall } from '../testing/stand-in-server.js';

export type ZammadCall = StandInCall;

export interface FakeZammad extends StandIn<'error500'> {
  calls: ZammadCall[];
}

export async function startFakeZammad(token: string): Promise<FakeZammad> {
  const calls: ZammadCall[] = [];
  let article = 1000;
  return startStandIn<FakeZammad>({ calls }, (req, { mode }) => {
    if (mode === 'error500') return answer(500, { error: 'Internal Server Error' });
    if (req.headers.authorization !== `Token token=${token}`) return answer(401, { error: 'Invalid token!' });
    if (req.match('GET', '/api/v1/users/me')) return answer(200, { id: 12, login: 'parley-bot', firstname: 'Parley', lastname: 'Bot', active: true });
    const body = req.json();
    if (req.match('POST', '/api/v1/ticket_articles')) {
      if (body.ticket_id === 404404) return answer(404, { error: "Couldn't find Ticket with 'id'=404404" });
      calls.push({ method: 'POST', path: req.url, body });
      return answer(201, { id: ++article, ...body, sender_id: 1, created_by_id: 12 });
    }
    const m = req.match('PUT', /^\/api\/v1\/tickets\/(\d+)$/);
    if (m) {
      calls.push({ method: 'PUT', path: req.url, body });
      return answer(200, { id: Number(m[1]), group_id: body.group_id ?? 3, article_ids: [++article] });
    }
    return answer(404, { error: 'No route matches' });
  }, { contentType: 'application/json; charset=utf-8' });
}
