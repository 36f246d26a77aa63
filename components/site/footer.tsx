import { cacheLife } from 'next/cache';
import type { SiteContent } from '@/lib/content/schema';
import { nmlsConsumerAccessUrl, quickLinks, services } from '@/lib/site/nav';
import { telHref } from '@/lib/site/phone';
import { EqualHousingLogo } from './equal-housing-logo';
import { Icon } from './sprite-icon';
import { Editable } from '@/components/edit-mode/editable';

/** The copyright year, re-checked daily so a cached page never shows last year. */
async function currentYear(): Promise<number> {
  'use cache';
  cacheLife('days');
  return new Date().getFullYear();
}

const heading = 'mb-4 text-sm font-semibold tracking-wider text-white uppercase';
const link = 'text-slate-300 hover:text-white';

export async function Footer({ content }: { content: SiteContent }) {
  return <FooterView content={content} year={await currentYear()} />;
}

/** The footer with its copyright year given: the ad archive shows the year of the moment it rebuilds. */
export function FooterView({ content, year }: { content: SiteContent; year: number }) {
  const { header, contact, company, footer, legal } = content;
  return (
    <footer className="bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="mb-4 flex items-center gap-2 text-lg font-bold text-white">
            <Icon name="building-complex" className="size-6" />
            <Editable path="header.title">{header.title}</Editable>
          </p>
          <p className="text-sm leading-relaxed">
            <Editable path="footer.description" multiline>
              {footer.description}
            </Editable>
          </p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={heading}>
            Quick Links
          </h2>
          <ul className="space-y-2">
            {quickLinks.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={link}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>Services</h2>
          <ul className="space-y-2">
            {services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={heading}>Contact</h2>
          <ul className="space-y-2">
            <li className="flex items-center gap-2">
              <Icon name="phone" className="size-4 shrink-0" />
              <a href={telHref(contact.phone)} className={link}>
                {contact.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="mail" className="size-4 shrink-0" />
              Email Available
            </li>
            <li className="flex items-center gap-2">
              <Icon name="message-square" className="size-4 shrink-0" />
              Text Available
            </li>
            <li className="flex items-center gap-2">
              <Icon name="clock" className="size-4 shrink-0" />
              24hr Response
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 lg:px-8">
          <p className="flex items-start gap-3">
            <EqualHousingLogo className="mt-0.5 size-8 shrink-0 text-white" />
            <Editable path="company.equalHousingStatement" multiline>
              {company.equalHousingStatement}
            </Editable>
          </p>
          <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-between">
            <p>
              © {year} {company.legalName}. All rights reserved. NMLS ID {company.nmlsId} (
              <a
                href={nmlsConsumerAccessUrl(company.nmlsId)}
                className={`${link} underline`}
                rel="noopener noreferrer"
                target="_blank"
              >
                NMLS Consumer Access
              </a>
              ).
            </p>
            <ul className="flex gap-4">
              <li>
                <a href="/privacy" className={link}>
                  {legal.privacy.title}
                </a>
              </li>
              <li>
                <a href="/licenses" className={link}>
                  {legal.licenses.title}
                </a>
              </li>
              <li>
                <a href="/team" className={link}>
                  Our Loan Officers
                </a>
              </li>
              <li>
                <a href="/admin" className={link}>
                  Admin
                </a>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
