// The console's pages, one per concern (inbox, conversation, later knowledge, channels, keys, team,
// analytics …), each a lazy chunk. `nav` pages get a link in the shell's navigation; a new page
// is one entry here. Paths are under /app; `:project` is the project the switcher shows.
import type { ComponentType } from 'preact';
import { lazy } from 'preact-iso';
import { inboxPath } from './paths.js';

export interface PageDef {
  path: string;
  /** Navigation label; pages without one are reached from other pages (a conversation from the inbox). */
  nav?: string;
  /** The nav link's target for a project. */
  href?: (projectId: string) => string;
  /** On wide screens the link sits in the navigation's More menu: the whole row did not fit at 1280 px. */
  more?: true;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their route params as props
  component: ComponentType<any>;
}

// The inbox and an open conversation are one three-pane page: one component, so the list stays put.
const Inbox = lazy(() => import('./pages/InboxPage.js'));

export const PAGES: PageDef[] = [
  { path: '/app/p/:project/inbox', nav: 'Inbox', href: inboxPath, component: Inbox },
  { path: '/app/p/:project/c/:conversation', component: Inbox },
  { path: '/app/p/:project/knowledge', nav: 'Knowledge', href: (id) => `/app/p/${id}/knowledge`, component: lazy(() => import('./pages/KnowledgePage.js')) },
  { path: '/app/p/:project/knowledge-gaps', nav: 'Knowledge gaps', more: true, href: (id) => `/app/p/${id}/knowledge-gaps`, component: lazy(() => import('./pages/KnowledgeGapsPage.js')) },
  { path: '/app/p/:project/knowledge/:provider', component: lazy(() => import('./pages/KnowledgeProviderPage.js')) },
  { path: '/app/p/:project/behaviour', nav: 'Behaviour', href: (id) => `/app/p/${id}/behaviour`, component: lazy(() => import('./pages/BehaviourPage.js')) },
  { path: '/app/p/:project/actions', nav: 'Actions', more: true, href: (id) => `/app/p/${id}/actions`, component: lazy(() => import('./pages/ActionsPage.js')) },
  { path: '/app/p/:project/channels', nav: 'Channels', more: true, href: (id) => `/app/p/${id}/channels`, component: lazy(() => import('./pages/ChannelsPage.js')) },
  { path: '/app/p/:project/channels/:channel', component: lazy(() => import('./pages/ChannelEditorPage.js')) },
  { path: '/app/p/:project/channels/:type/:channel', component: lazy(() => import('./pages/PlatformChannelPage.js')) },
  { path: '/app/p/:project/deployments', nav: 'Deployments', more: true, href: (id) => `/app/p/${id}/deployments`, component: lazy(() => import('./pages/DeploymentsPage.js')) },
  { path: '/app/p/:project/simulations', nav: 'Simulations', more: true, href: (id) => `/app/p/${id}/simulations`, component: lazy(() => import('./pages/SimulationsPage.js')) },
  { path: '/app/p/:project/team', nav: 'Team', more: true, href: (id) => `/app/p/${id}/team`, component: lazy(() => import('./pages/TeamPage.js')) },
  { path: '/app/p/:project/organization', nav: 'Organization', more: true, href: (id) => `/app/p/${id}/organization`, component: lazy(() => import('./pages/OrganizationPage.js')) },
  { path: '/app/p/:project/billing', nav: 'Billing', more: true, href: (id) => `/app/p/${id}/billing`, component: lazy(() => import('./pages/BillingPage.js')) },
  { path: '/app/p/:project/email', nav: 'E-mail', more: true, href: (id) => `/app/p/${id}/email`, component: lazy(() => import('./pages/EmailPage.js')) },
  { path: '/app/p/:project/account', nav: 'Account', more: true, href: (id) => `/app/p/${id}/account`, component: lazy(() => import('./pages/AccountPage.js')) },
  { path: '/app/p/:project/keys', nav: 'API keys', more: true, href: (id) => `/app/p/${id}/keys`, component: lazy(() => import('./pages/KeysPage.js')) },
  { path: '/app/p/:project/analytics', nav: 'Analytics', href: (id) => `/app/p/${id}/analytics`, component: lazy(() => import('./pages/AnalyticsPage.js')) },
  { path: '/app/p/:project/audiences', nav: 'Audiences', more: true, href: (id) => `/app/p/${id}/audiences`, component: lazy(() => import('./pages/AudiencesPage.js')) },
  { path: '/app/p/:project/triggers', nav: 'Triggers', more: true, href: (id) => `/app/p/${id}/triggers`, component: lazy(() => import('./pages/TriggersPage.js')) },
  { path: '/app/p/:project/labels', nav: 'Labels', more: true, href: (id) => `/app/p/${id}/labels`, component: lazy(() => import('./pages/LabelsPage.js')) },
  { path: '/app/p/:project/canned-replies', nav: 'Canned replies', more: true, href: (id) => `/app/p/${id}/canned-replies`, component: lazy(() => import('./pages/CannedRepliesPage.js')) },
  { path: '/app/p/:project/webhooks', nav: 'Webhooks', more: true, href: (id) => `/app/p/${id}/webhooks`, component: lazy(() => import('./pages/WebhooksPage.js')) },
  { path: '/app/p/:project/data-export', nav: 'Data export', more: true, href: (id) => `/app/p/${id}/data-export`, component: lazy(() => import('./pages/DataExportPage.js')) },
  { path: '/app/p/:project/projects', nav: 'Projects', more: true, href: (id) => `/app/p/${id}/projects`, component: lazy(() => import('./pages/ProjectsPage.js')) },
  { path: '/app/projects', component: lazy(() => import('./pages/ProjectsPage.js')) },
];

export const LoginPage = lazy(() => import('./pages/LoginPage.js'));

const pattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`);

/**
 * Starts loading the chunk of the page at `path` (the URL the console opened with), alongside the
 * session check: the router would ask for it only once the session is known. Unknown paths load nothing.
 */
export function preloadPage(path: string) {
  const page = PAGES.find((p) => pattern(p.path).test(path));
  (page?.component as { preload?: () => Promise<unknown> } | undefined)?.preload?.().catch(() => undefined);
}
