// Every /v1 path the console uses, in one place (docs/api.md, docs/operators.md).
const p = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}`;
const c = (projectId: string, conversationId: string) => `${p(projectId)}/conversations/${encodeURIComponent(conversationId)}`;

export const endpoints = {
  login: '/v1/org/login',
  logout: '/v1/org/logout',
  me: '/v1/org/me',
  projects: '/v1/org/projects',
  members: '/v1/org/members',
  labels: (projectId: string) => `${p(projectId)}/labels`,
  online: (projectId: string) => `${p(projectId)}/operators/online`,
  conversations: (projectId: string) => `${p(projectId)}/conversations`,
  conversationCounts: (projectId: string) => `${p(projectId)}/conversations/counts`,
  conversation: c,
  user: (projectId: string, userId: string) => `${p(projectId)}/users/${encodeURIComponent(userId)}`,
  takeover: (projectId: string, id: string) => `${c(projectId, id)}/takeover`,
  release: (projectId: string, id: string) => `${c(projectId, id)}/release`,
  messages: (projectId: string, id: string) => `${c(projectId, id)}/messages`,
  hide: (projectId: string, id: string) => `${c(projectId, id)}/hide`,
  summary: (projectId: string, id: string) => `${c(projectId, id)}/summary`,
  draft: (projectId: string, id: string) => `${c(projectId, id)}/draft`,
  batchLabels: (projectId: string) => `${p(projectId)}/conversations/batch/labels`,
  batchHide: (projectId: string) => `${p(projectId)}/conversations/batch/hide`,
  metrics: (projectId: string) => `${p(projectId)}/metrics`,
  teamSocket: '/v1/team/ws',
};
