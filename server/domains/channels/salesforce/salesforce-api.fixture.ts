// A local HTTP server on 127.0.0.1 that speaks the part of Salesforce Parley calls: the OAuth 2.0
// client-credentials token endpoint (https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_client_credentials_flow.htm,
// answered `{access_token, instance_url, id, token_type, issued_at, signature}`; a wrong secret is
// `400 {"error":"invalid_client","error_description":"invalid client credentials"}`), the userinfo
// endpoint (https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm),
// and the REST API's sObject create and update for CaseComment and Case
// (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_create.htm,
// answered `201 {id, success, errors}`; .../dome_update_fields.htm, answered 204; an expired token is
// `401 [{"message":"Session expired or invalid","errorCode":"INVALID_SESSION_ID"}]`). `mode` plays it down.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const ORG_ID = '00D5e000000XyZaEAK';
export const INTEGRATION_USER = '0055e000001AbCdAAK';

export interface SalesforceCall {
  method: string;
  path: string;
  body: Record<string, any>;
}

export interface FakeSalesforce {
  url: string;
  calls: SalesforceCall[];
  mode: 'ok' | 'error503' | 'expire_token';
  tokensIssued: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeSalesforce(clientId: string, clientSecret: string): Promise<FakeSalesforce> {
  let server: Server;
  let port = 0;
  let seq = 0;
  const valid = new Set<string>();
  const fake: FakeSalesforce = {
    url: '',
    calls: [],
    mode: 'ok',
    tokensIssued: 0,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const raw = Buffer.concat(chunks).toString('utf8');
        const send = (status: number, payload?: unknown) => {
          res.writeHead(status, payload === undefined ? {} : { 'content-type': 'application/json;charset=UTF-8' });
          res.end(payload === undefined ? undefined : JSON.stringify(payload));
        };
        if (fake.mode === 'error503') return send(503, [{ message: 'Service Unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);
        if (req.method === 'POST' && req.url === '/services/oauth2/token') {
          const form = new URLSearchParams(raw);
          if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
            return send(400, { error: 'invalid_client', error_description: 'invalid client credentials' });
          }
          const token = `${ORG_ID}!AQ0AQ.token${++fake.tokensIssued}`;
          valid.add(token);
          return send(200, { access_token: token, signature: 'x', scope: 'api', instance_url: fake.url, id: `${fake.url}/id/${ORG_ID}/${INTEGRATION_USER}`, token_type: 'Bearer', issued_at: String(Date.now()) });
        }
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (fake.mode === 'expire_token') {
          valid.clear();
          fake.mode = 'ok';
        }
        if (!valid.has(token)) return send(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
        if (req.method === 'GET' && req.url === '/services/oauth2/userinfo') {
          return send(200, { sub: `${fake.url}/id/${ORG_ID}/${INTEGRATION_USER}`, user_id: INTEGRATION_USER, organization_id: ORG_ID, preferred_username: 'parley@acme.example', name: 'Parley Integration' });
        }
        const body = raw ? JSON.parse(raw) : {};
        if (req.method === 'POST' && req.url === '/services/data/v60.0/sobjects/CaseComment') {
          fake.calls.push({ method: 'POST', path: req.url, body });
          return send(201, { id: `00a5e00000${String(++seq).padStart(8, '0')}`, success: true, errors: [] });
        }
        if (req.method === 'PATCH' && /^\/services\/data\/v60\.0\/sobjects\/Case\/500\w+$/.test(req.url ?? '')) {
          fake.calls.push({ method: 'PATCH', path: req.url!, body });
          return send(204);
        }
        send(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      fake.url = `http://127.0.0.1:${port}`;
    },
    close: () => fake.stop(),
  };
  await fake.start();
  return fake;
}
