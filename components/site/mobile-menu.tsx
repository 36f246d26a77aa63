'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { OpenModalButton } from '@/components/leads/open-modal-button';
import { EARLY } from '@/lib/site/early-controls';

/**
 * The header links on small screens: a disclosure that Escape closes (following a link loads the
 * next page, which starts closed). The icons come rendered from the server, so no icon code ships.
 * Before React has booted the boot script opens and closes it (ADR 015); both icons and labels are
 * in the HTML and CSS shows the pair that matches aria-expanded, so the script changes only that
 * attribute and the panel's hidden state, which React reads back when it takes over.
 */
export function MobileMenu({
  links,
  openIcon,
  closeIcon,
}: {
  links: readonly { href: string; label: string }[];
  openIcon: ReactNode;
  closeIcon: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Opened by the boot script before hydration: React's state starts where the page is.
  useLayoutEffect(() => {
    if (buttonRef.current?.getAttribute('aria-expanded') === 'true') setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        {...{ [EARLY.disclosure]: '' }}
        onClick={() => setOpen((value) => !value)}
        className="group rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <span className="block group-aria-expanded:hidden">
          {openIcon}
          <span className="sr-only">Open menu</span>
        </span>
        <span className="hidden group-aria-expanded:block">
          {closeIcon}
          <span className="sr-only">Close menu</span>
        </span>
      </button>
      <nav
        id={panelId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white shadow-lg"
      >
        <ul className="flex flex-col px-4 py-2">
          {links.map((item) => (
            <li key={item.href}>
              <a href={item.href} className="block rounded-md px-3 py-3 font-medium text-slate-800 hover:bg-slate-100">
                {item.label}
              </a>
            </li>
          ))}
          <li>
            {/* The menu closes as the modal opens, hiding this button: focus comes back to the toggle. */}
            <OpenModalButton
              modal="contact"
              onOpen={() => setOpen(false)}
              returnFocusTo={buttonRef}
              className="block w-full rounded-md px-3 py-3 text-left font-medium text-slate-800 hover:bg-slate-100"
            >
              Contact
            </OpenModalButton>
          </li>
        </ul>
      </nav>
    </div>
  );
}
