import { StrictMode } from 'react';
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
// Its chunk is loaded first, so hydration never meets a suspended page.
if (root.firstElementChild) {
  const hydrate = () => hydrateRoot(root, app);
  pageFor(window.location.pathname).preload().then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
