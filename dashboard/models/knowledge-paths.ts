// Console URLs of the knowledge pages (routes.ts lists the pages themselves).
export const knowledgePath = (projectId: string) => `/app/p/${projectId}/knowledge`;
export const providerPath = (projectId: string, providerId: string) => `/app/p/${projectId}/knowledge/${providerId}`;
