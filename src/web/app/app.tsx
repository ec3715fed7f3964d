import { Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { SiteLayout } from '@/web/components/layout/site-layout';
import { DeferredToaster } from '@/web/components/ui/deferred-toaster';
import { PageViewTracker } from '@/web/features/analytics/components/page-view-tracker';
import { AuthProvider } from '@/web/features/auth/auth-context';
import { DocumentTitle } from './document-title';
import { HomePage, routes } from './routes';

export function App() {
  return (
    <AuthProvider>
      <AppReadyMarker />
      <PageViewTracker />
      <DocumentTitle />
      <SiteLayout>
        <Suspense fallback={null}>
          <Switch>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} component={r.component} />
            ))}
            <Route component={HomePage} />
          </Switch>
        </Suspense>
      </SiteLayout>
      <DeferredToaster />
    </AuthProvider>
  );
}

/**
 * `<html data-app-ready>` once React has attached: on a page the server rendered, a click before
 * that lands on inert HTML (tests wait for it; see tests/e2e/support/goto-page.ts).
 */
function AppReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}
