import { type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { NavLinkItem } from './nav-link-item';
import { NAV_LINKS } from './nav-links';

/**
 * The open mobile menu: full screen under the header, focus on its first link; Escape closes it
 * and returns focus to the toggle. Its own chunk: most visits never open it.
 */
export default function MobileMenuPanel({
  onClose,
  toggleRef,
}: {
  onClose: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}) {
  const menuRef = useRef<HTMLElement>(null);
  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('a')?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onClose();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose, toggleRef]);

  // Portalled: the header's backdrop-filter would make it the box of a fixed child.
  return createPortal(
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
              onNavigate={onClose}
              className="flex w-full rounded-lg px-3 py-3 text-lg text-slate-200 hover:bg-slate-900"
            />
          </li>
        ))}
      </ul>
    </nav>,
    document.body,
  );
}
