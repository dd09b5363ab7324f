// Session gate and router: signed out → the sign-in page; signed in → the shell with the page of the
// current URL. /app itself goes to the first project's inbox.
import { useEffect } from 'preact/hooks';
import { ErrorBoundary, LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { session } from './models/session.js';
import { projects, loadProjects } from './models/projects.js';
import { inboxPath } from './paths.js';
import { LoginPage, PAGES } from './routes.js';
import { Shell } from './components/Shell.js';
import { NotFound } from './components/NotFound.js';
import { Loading } from './components/Loading.js';
import { ForcedPasswordChange } from './components/ForcedPasswordChange.js';
import { InviteAccept } from './components/InviteAccept.js';
import { ForgotPassword } from './components/ForgotPassword.js';
import { ResetPassword } from './components/ResetPassword.js';

/** The pages a signed-out visitor of the console may open; the sign-in page otherwise. */
const SIGNED_OUT: Record<string, () => preact.JSX.Element> = {
  '/app/invite': InviteAccept,
  '/app/forgot-password': ForgotPassword,
  '/app/reset-password': ResetPassword,
};

function Home() {
  const { route } = useLocation();
  useEffect(() => {
    void (projects.value ? Promise.resolve(projects.value) : loadProjects()).then((list) => {
      if (list[0]) route(inboxPath(list[0].id), true);
    });
  }, []);
  return projects.value && !projects.value.length ? (
    <p class="empty">
      This organization has no projects yet. <a href="/app/projects">Create one</a>
    </p>
  ) : (
    <Loading />
  );
}

function Routes() {
  const s = session.value;
  // Read from the router, so following "Forgot password?" re-renders without a page load.
  const { path } = useLocation();
  if (s.status === 'loading') return <Loading />;
  // A reset link opened while signed in still sets the password (perhaps of another account).
  if (s.status === 'signed_out' || path === '/app/reset-password') {
    const Page = SIGNED_OUT[path];
    return Page ? <Page /> : <LoginPage />;
  }
  // Signed in with an invite's temporary password: nothing else works until it is changed.
  if (s.member.must_change_password) return <ForcedPasswordChange />;
  return (
    <Shell>
      <ErrorBoundary>
        <Router>
          <Route path="/app" component={Home} />
          <Route path="/app/" component={Home} />
          <Route path="/app/login" component={Home} />
          {PAGES.map((p) => (
            <Route key={p.path} path={p.path} component={p.component} />
          ))}
          <Route default component={NotFound} />
        </Router>
      </ErrorBoundary>
    </Shell>
  );
}

export function App() {
  return (
    <LocationProvider scope="/app">
      <ErrorBoundary>
        <Routes />
      </ErrorBoundary>
    </LocationProvider>
  );
}
