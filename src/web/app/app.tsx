import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { SiteLayout } from '@/web/components/layout/site-layout';
import { DeferredToaster } from '@/web/components/ui/deferred-toaster';
import { PageViewTracker } from '@/web/features/analytics/components/page-view-tracker';
import { AuthProvider } from '@/web/features/auth/auth-context';
import { DocumentTitle } from './document-title';
import { queryClient } from './query-client';
import { HomePage, routes } from './routes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
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
    </QueryClientProvider>
  );
}
