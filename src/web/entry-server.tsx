import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app';

/**
 * Server-side render of one page for the server's page cache (api/http/prerender.ts): the HTML a
 * visitor sees before any script runs. `prerender` waits for the page's lazy chunks. Data the page
 * queries is not fetched here: those parts render their loading state, as on the client's first
 * render, so hydration matches.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
    // Never outline a large boundary into a hidden segment (revealed by an inline script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  return html + decoder.decode();
}
