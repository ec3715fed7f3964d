import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { SandboxBanner } from './sandbox-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The frame of every page: skip link, navigation bar, the page, footer. `main` is at least a
 * screen tall so the footer never jumps while a page's chunk loads (no layout shift).
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  // Braces matter: Chromium's scrollTo returns a promise, which React would call as a cleanup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at its top
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-brand px-4 py-2 font-medium text-slate-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <SandboxBanner />
      <main
        id="main-content"
        tabIndex={-1}
        className="min-h-[calc(100dvh-4rem)] flex-1 outline-none"
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
