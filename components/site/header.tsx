import { OpenModalButton } from '@/components/leads/open-modal-button';
import { ToastButton } from '@/components/ui/toast-button';
import type { SiteContent } from '@/lib/content/schema';
import { mainNav } from '@/lib/site/nav';
import { phoneToast } from '@/lib/site/phone';
import { MobileMenu } from './mobile-menu';
import { Icon } from './sprite-icon';
import { Editable } from '@/components/edit-mode/editable';

/** Sticky site header (spec: title and subtitle from content, four links, Contact and phone buttons). */
export function Header({ content }: { content: SiteContent }) {
  const { header, contact } = content;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href="/" className="flex min-w-0 items-center gap-2">
          <Icon name="building-complex" className="text-brand-700 size-8 shrink-0" />
          <span className="min-w-0">
            <span className="text-brand-900 block truncate text-lg leading-tight font-bold">
              <Editable path="header.title">{header.title}</Editable>
            </span>
            <span className="hidden truncate text-xs text-slate-600 sm:block">
              <Editable path="header.subtitle">{header.subtitle}</Editable>
            </span>
          </span>
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-6">
            {mainNav.map((item) => (
              <li key={item.href}>
                <a href={item.href} className="hover:text-brand-700 font-medium text-slate-700">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <OpenModalButton
            modal="contact"
            className="border-brand-700 text-brand-700 hover:bg-brand-50 hidden rounded-md border px-3 py-2 text-sm font-semibold sm:block"
          >
            Contact
          </OpenModalButton>
          <ToastButton
            toast={phoneToast(contact.phone)}
            className="bg-brand-700 hover:bg-brand-800 flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-white"
            aria-label={`Call ${contact.phone}`}
          >
            <Icon name="phone" className="size-4" />
            <span className="hidden lg:inline">{contact.phone}</span>
          </ToastButton>
          <MobileMenu
            links={mainNav}
            openIcon={<Icon name="menu" className="size-6" />}
            closeIcon={<Icon name="x" className="size-6" />}
          />
        </div>
      </div>
    </header>
  );
}
