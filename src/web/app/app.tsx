import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage, routes } from './routes';

export function App() {
  return (
    <Suspense fallback={null}>
      <Switch>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} component={r.component} />
        ))}
        <Route component={HomePage} />
      </Switch>
    </Suspense>
  );
}
