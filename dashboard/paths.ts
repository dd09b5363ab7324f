// Console URLs that pages and rows link to. Kept apart from routes.ts, which imports every page:
// a page or row that took its links from there would import the module that imports it.
export const inboxPath = (projectId: string) => `/app/p/${projectId}/inbox`;
export const conversationPath = (projectId: string, conversationId: string) => `/app/p/${projectId}/c/${conversationId}`;
