// A local HTTP server on 127.0.0.1 that speaks the part of Salesforce Parley calls: the OAuth 2.0
// client-credentials token endpoint (https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_client_credentials_flow.htm,
// answered `{access_token, instance_url, id, token_type, issued_at, signature}`; a wrong secret is
// `400 {"error":"invalid_client","error_description":"invalid client credentials"}`), the userinfo
// endpoint (https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm),
// and the REST API's sObject create and update for CaseComment and Case
// (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_create.htm,
// answered `201 {id, success, errors}`; .../dome_update_fields.htm, answered 204; an expired token is
// `401 [{"message":"Session expired or invalid","errorCode":"INVALID_SESSION_ID"}]`). `mode` plays it down.
import { answer, startStandIn, type StandIn, type StandInCall } from '../testing/stand-in-server.js';

export const ORG_ID = '00D5e000000XyZaEAK';
export const INTEGRATION_USER = '0055e000001AbCdAAK';

export type SalesforceCall = StandInCall;

/** `expire_token` forgets every token issued so far, once, as an expired session would. */
export interface FakeSalesforce extends StandIn<'error503' | 'expire_token'> {
  calls: SalesforceCall[];
  tokensIssued: number;
}

export async function startFakeSalesforce(clientId: string, clientSecret: string): Promise<FakeSalesforce> {
  let seq = 0;
  const valid = new Set<string>();
  return startStandIn<FakeSalesforce>({ calls: [], tokensIssued: 0 }, (req, sf) => {
    if (sf.mode === 'error503') return answer(503, [{ message: 'Service Unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);
    if (req.match('POST', '/services/oauth2/token')) {
      const form = new URLSearchParams(req.raw);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return answer(400, { error: 'invalid_client', error_description: 'invalid client credentials' });
      }
      const token = `${ORG_ID}!AQ0AQ.token${++sf.tokensIssued}`;
      valid.add(token);
      return answer(200, { access_token: token, signature: 'x', scope: 'api', instance_url: sf.url, id: `${sf.url}/id/${ORG_ID}/${INTEGRATION_USER}`, token_type: 'Bearer', issued_at: String(Date.now()) });
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (sf.mode === 'expire_token') {
      valid.clear();
      sf.mode = 'ok';
    }
    if (!valid.has(token)) return answer(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    if (req.match('GET', '/services/oauth2/userinfo')) {
      return answer(200, { sub: `${sf.url}/id/${ORG_ID}/${INTEGRATION_USER}`, user_id: INTEGRATION_USER, organization_id: ORG_ID, preferred_username: 'parley@acme.example', name: 'Parley Integration' });
    }
    const body = req.json();
    if (req.match('POST', '/services/data/v60.0/sobjects/CaseComment')) {
      sf.calls.push({ method: 'POST', path: req.url, body });
      return answer(201, { id: `00a5e00000${String(++seq).padStart(8, '0')}`, success: true, errors: [] });
    }
    if (req.match('PATCH', /^\/services\/data\/v60\.0\/sobjects\/Case\/500\w+$/)) {
      sf.calls.push({ method: 'PATCH', path: req.url, body });
      return answer(204);
    }
    return answer(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  }, { contentType: 'application/json;charset=UTF-8' });
}
