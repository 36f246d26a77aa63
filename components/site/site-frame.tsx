import type { ReactNode } from 'react';
import { ContactForm } from '@/components/leads/contact-form';
import { DialogCloseButton, LeadDialog } from '@/components/leads/lead-dialog';
import { EarlyToastHost } from '@/components/site/early-toast-host';
import { Icon } from '@/components/site/sprite-icon';
import { Footer } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { LayoutIconSprite } from '@/components/site/page-sprites';
import { getSiteContent } from '@/lib/content/queries.server';
import { EditModeLoader } from '@/components/edit-mode/loader';
import { HydrationSignal } from '@/components/site/hydration-signal';
import { VitalsLoader } from '@/components/site/vitals-loader';

/**
 * What every public page shows around its own content: the skip link, header, footer and the
 * contact dialog. The public pages' layout (app/(site)/layout.tsx) and the not-found page of
 * unmatched URLs (app/global-not-found.tsx, a document of its own) both use it.
 */
export async function SiteFrame({ children }: { children: ReactNode }) {
  const content = await getSiteContent();
  return (
    <>
      <a
        href="#main"
        className="text-brand-900 sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {/* Before the header: icons paint as soon as their symbols have arrived. */}
      <LayoutIconSprite />
      <EditModeLoader />
      <Header content={content} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer content={content} />
      <LeadDialog modal="contact" closeIcon={<Icon name="x" className="size-5" />}>
        <ContactForm page="/" closeButton={<DialogCloseButton />} />
      </LeadDialog>
      <EarlyToastHost />
      <VitalsLoader />
      {/* Last, so its effect runs after every other component of the page has hydrated. */}
      <HydrationSignal />
    </>
  );
}
