import { CheckList } from '@/components/site/check-list';
import { SiteImage } from '@/components/site/site-image';
import { Icon } from '@/components/site/sprite-icon';
import { buttonStyles } from '@/lib/ui/button-styles';
import type { SiteContent } from '@/lib/content/schema';
import { Editable } from '@/components/edit-mode/editable';

export function EbookPromo({ ebook }: { ebook: SiteContent['ebook'] }) {
  return (
    <section aria-labelledby="ebook-promo-title" className="bg-brand-50 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 md:grid-cols-[2fr_3fr] lg:px-8">
        <SiteImage
          src={ebook.imageUrl}
          alt={ebook.imageAlt}
          width={600}
          height={800}
          sizes="(min-width: 768px) 40vw, 100vw"
          className="mx-auto h-auto w-full max-w-xs rounded-lg shadow-2xl"
          edit={{ image: 'ebook.imageUrl', alt: 'ebook.imageAlt' }}
        />
        <div>
          <p className="bg-brand-700 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold text-white">
            <Icon name="book-open" className="size-4" />
            <Editable path="ebook.badge">{ebook.badge}</Editable>
          </p>
          <h2 id="ebook-promo-title" className="text-brand-900 mt-4 text-3xl font-bold tracking-tight">
            <Editable path="ebook.title">{ebook.title}</Editable>
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            <Editable path="ebook.description" multiline>
              {ebook.description}
            </Editable>
          </p>
          <CheckList items={ebook.features} className="mt-6 space-y-2" itemPath={(j) => `ebook.features.${j}`} />
          <a href="/ebook" className={`mt-8 ${buttonStyles.primary}`}>
            <Editable path="ebook.buttonText">{ebook.buttonText}</Editable>
          </a>
        </div>
      </div>
    </section>
  );
}
