import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { pageFor } from './app/routes';
import './styles.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Public pages arrive rendered by the server (api/http/prerender.ts): attach to that HTML rather
// than replace it, so the first paint never waits for this script.
// Its chunk is loaded first, so hydration never meets a suspended page. Hydrating inside a
// transition lets React yield to the browser every few milliseconds instead of holding the main
// thread for the whole tree (one 50–80 ms task on a throttled phone, counted as blocking time);
// a click or key meanwhile is replayed once its part is hydrated.
if (root.firstElementChild) {
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  pageFor(window.location.pathname).preload().then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
