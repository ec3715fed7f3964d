import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(loadPanel);

/**
 * Below the `lg` breakpoint: a hamburger that opens a full-screen menu under the header.
 * Clicking a link, pressing Escape or a route change closes it. The menu's code loads when a
 * finger or pointer comes near the button, so the landing's first load carries only the button.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [pathname] = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={loadPanel}
        onTouchStart={loadPanel}
        onFocus={loadPanel}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-brand lg:hidden"
      >
        {open ? (
          <X className="size-6" aria-hidden="true" />
        ) : (
          <Menu className="size-6" aria-hidden="true" />
        )}
      </button>
      {open && (
        // While the panel's code loads, an empty stand-in keeps aria-controls pointing at
        // an element (a dangling reference on an open menu is an accessibility error).
        <Suspense fallback={<div id="mobile-menu" aria-busy="true" />}>
          <MobileMenuPanel onClose={close} toggleRef={toggleRef} />
        </Suspense>
      )}
    </>
  );
}
