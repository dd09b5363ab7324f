// The frame around every page: skip link, header (project switcher, navigation, live status,
// notifications, sign out) and the live region that announces escalations. It also opens the team
// feed and loads the project-wide models (labels, members, read state) for the project in the URL.
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { currentMember } from '../models/session.js';
import { loadMembers, loadProjects } from '../models/projects.js';
import { connectFeed, disconnectFeed } from '../models/feed.js';
import { loadLabels } from '../models/labels.js';
import { loadReadState } from '../models/unread.js';
import { announcement, setNotificationTarget, startNotifications } from '../models/notifications.js';
import { conversationPath } from '../paths.js';
import { ProjectSwitcher } from './ProjectSwitcher.js';
import { MainNav } from './MainNav.js';
import { FeedStatus } from './FeedStatus.js';
import { NotifyButton } from './NotifyButton.js';
import { SignOutButton } from './SignOutButton.js';

export const projectIdOf = (path: string): string | null => /^\/app\/p\/([^/]+)/.exec(path)?.[1] ?? null;

export function Shell({ children }: { children: ComponentChildren }) {
  const { path, route } = useLocation();
  const projectId = projectIdOf(path);
  const member = currentMember.value;

  useEffect(() => {
    void loadProjects().catch(() => undefined);
    void loadMembers().catch(() => undefined);
    const stop = startNotifications();
    return () => {
      stop();
      disconnectFeed();
    };
  }, []);

  useEffect(() => {
    setNotificationTarget((c) => route(conversationPath(c.project_id, c.id)));
  }, [route]);

  useEffect(() => {
    if (!projectId || !member) return;
    loadReadState(member.id, projectId);
    void loadLabels(projectId);
    connectFeed(projectId);
  }, [projectId, member?.id]);

  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <span class="brand">Parley</span>
        <ProjectSwitcher projectId={projectId} />
        {projectId && <MainNav projectId={projectId} path={path} />}
        <div class="topbar-end">
          <FeedStatus />
          <NotifyButton />
          <span class="who">{member?.name}</span>
          <SignOutButton />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <div class="sr-only" role="status" aria-live="polite" data-testid="announcer">
        {announcement.value}
      </div>
    </div>
  );
}
