import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import { NavLinkItem } from './nav-link-item';
import { NAV_LINKS } from './nav-links';

/**
 * Below the `lg` breakpoint: a hamburger that opens a full-screen menu under the header.
 * Clicking a link, pressing Escape or a route change closes it.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [pathname] = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('a')?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((v) => !v)}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-brand lg:hidden"
      >
        {open ? (
          <X className="size-6" aria-hidden="true" />
        ) : (
          <Menu className="size-6" aria-hidden="true" />
        )}
      </button>
      {/* Portalled: the header's backdrop-filter would make it the box of a fixed child. */}
      {open &&
        createPortal(
          <nav
            id="mobile-menu"
            ref={menuRef}
            aria-label="Mobile"
            className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto bg-slate-950 px-4 pt-4 pb-10 lg:hidden"
          >
            <ul className="flex flex-col gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <NavLinkItem
                    link={link}
                    onNavigate={() => setOpen(false)}
                    className="flex w-full rounded-lg px-3 py-3 text-lg text-slate-200 hover:bg-slate-900"
                  />
                </li>
              ))}
            </ul>
          </nav>,
          document.body,
        )}
    </>
  );
}
