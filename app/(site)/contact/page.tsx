import type { Metadata } from 'next';
import { ContactForm } from '@/components/leads/contact-form';
import { PageIconSprite } from '@/components/site/page-sprites';
import { Icon } from '@/components/site/sprite-icon';
import { buttonStyles } from '@/lib/ui/button-styles';
import { getSiteContent } from '@/lib/content/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';
import { telHref } from '@/lib/site/phone';

export const metadata: Metadata = pageMetadata({
  title: 'Contact Us',
  description:
    'Questions about construction, remodeling, owner-builder or land loans? Send us a message; we respond within 24 hours.',
  path: '/contact',
});

/** The contact form as a page (the header's Contact button opens it as a modal with JavaScript). */
export default async function ContactPage() {
  const { contact } = await getSiteContent();
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-5 md:py-16 lg:px-8">
      {/* The layout's sprite already holds these; listed so the page still works if that changes. */}
      <PageIconSprite icons={['phone', 'mail', 'clock']} />
      <div className="md:col-span-2">
        <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
        <p className="mt-4 text-slate-700">Send us a message and a construction loan specialist will answer within 24 hours.</p>
        <ul className="mt-6 space-y-3 text-slate-800">
          <li className="flex items-center gap-2">
            <Icon name="phone" className="text-brand-700 size-5" />
            <a href={telHref(contact.phone)} className="hover:text-brand-700 font-medium">
              {contact.phone}
            </a>
          </li>
          <li className="flex items-center gap-2">
            <Icon name="mail" className="text-brand-700 size-5" />
            <a href={`mailto:${contact.email}`} className="hover:text-brand-700 font-medium">
              {contact.email}
            </a>
          </li>
          <li className="flex items-center gap-2">
            <Icon name="clock" className="text-brand-700 size-5" />
            {contact.hours}
          </li>
        </ul>
      </div>
      <div className="card md:col-span-3">
        <ContactForm
          page="/contact"
          closeButton={
            <a href="/" className={buttonStyles.dark}>
              Close
            </a>
          }
        />
      </div>
    </div>
  );
}
