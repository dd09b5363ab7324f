// The callout a record-triggered Flow makes for a new Case or CaseComment (Flow "HTTP Callout":
// https://help.salesforce.com/s/articleView?id=sf.flow_http_callout.htm), the record's fields under
// their API names as the object reference gives them: Case
// (https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_case.htm)
// and CaseComment (.../sforce_api_objects_casecomment.htm). The named credential adds `X-Parley-Token`.
export const CONTACT = '0035e00000AbCdEAAZ';

export const newCase = (o: { id: string; subject: string; description: string }) => ({
  case: { Id: o.id, CaseNumber: `0000${o.id.slice(-4)}`, Subject: o.subject, Description: o.description, ContactId: CONTACT, SuppliedEmail: 'emily@example.com', Status: 'New', Origin: 'Web', Priority: 'Medium' },
});

export const caseComment = (o: { caseId: string; id: string; body: string; createdById?: string; published?: boolean }) => ({
  case: { Id: o.caseId, ContactId: CONTACT, Status: 'Working' },
  comment: { Id: o.id, ParentId: o.caseId, CommentBody: o.body, IsPublished: o.published ?? true, CreatedById: o.createdById ?? '0055e00000Cust1AAA' },
});

export const calloutHeaders = (token: string) => ({ 'content-type': 'application/json', 'x-parley-token': token });
