'use client';

import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { openLeadModal, type LeadModal } from './modal-store';

const PAGES: Record<LeadModal, string> = { application: '/apply', contact: '/contact' };

/**
 * A link to the form's own page (/apply, /contact) that works without JavaScript; with it, a
 * plain click opens the modal instead. Modified clicks (new tab, new window) still navigate.
 */
export function OpenModalLink({
  modal,
  onOpen,
  ...rest
}: { modal: LeadModal; onOpen?: () => void } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen?.();
    openLeadModal(modal, event.currentTarget);
  }
  return <a href={PAGES[modal]} onClick={onClick} aria-haspopup="dialog" {...rest} />;
}
