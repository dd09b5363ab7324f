// /v1/projects/{project_id}/canned-replies (docs/operators.md "Canned replies"): whoever reads
// conversations reads the saved answers; whoever may reply (conversation:write) keeps them. No
// permission of their own: they are words an operator could type into a reply anyway.
import type { RouteModule } from '../../routes.js';
import { projectCrudRoutes } from '../../http/project-crud-routes.js';
import { CannedReplyBody, CannedReplyList, CannedReplyOut, CannedReplyParams, CannedReplyPatchBody } from '../../../shared/schemas/canned-replies.js';
import { createCannedReplyService } from './service.js';

const tags = ['operators'];

export const cannedReplyRoutes: RouteModule = (app, ctx) => {
  const replies = createCannedReplyService(ctx);
  projectCrudRoutes(app, ctx, {
    path: '/canned-replies', id: 'canned_reply_id', params: CannedReplyParams, item: CannedReplyOut, tags,
    read: ['conversation:read'], write: ['conversation:read', 'conversation:write'],
    list: { response: CannedReplyList, summary: 'List the project\'s canned replies', description: 'Sorted by shortcut.', run: replies.list },
    create: { body: CannedReplyBody, summary: 'Create a canned reply', description: 'Shortcuts are unique per project: a taken one is a 409.', run: replies.create },
    get: { summary: 'Get a canned reply', run: replies.get },
    update: { body: CannedReplyPatchBody, summary: 'Change a canned reply', run: replies.update },
    remove: { summary: 'Delete a canned reply', run: replies.remove },
  });
};
