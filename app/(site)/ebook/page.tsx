import type { Metadata } from 'next';
import { LazyEbookForm } from '@/components/leads/lazy-forms';
import { CheckList } from '@/components/site/check-list';
import { SiteImage } from '@/components/site/site-image';
import { PageIconSprite } from '@/components/site/page-sprites';
import { Icon } from '@/components/site/sprite-icon';
import { getSiteContent } from '@/lib/content/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';
import { Editable } from '@/components/edit-mode/editable';

export async function generateMetadata(): Promise<Metadata> {
  const { meta } = await getSiteContent();
  return pageMetadata({ ...meta.ebook, path: '/ebook', image: (await getSiteContent()).ebook.imageUrl });
}

/** The free ebook page: badge, title, description, features and cover from content. */
export default async function EbookPage() {
  const { ebook } = await getSiteContent();
  return (
    <div className="from-brand-50 bg-gradient-to-b to-white">
      <PageIconSprite icons={['book-open', 'circle-check']} />
      <div className="mx-auto grid max-w-6xl items-start gap-12 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-16 lg:px-8">
        <div>
          <p className="bg-brand-700 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold text-white">
            <Icon name="book-open" className="size-4" />
            <Editable path="ebook.badge">{ebook.badge}</Editable>
          </p>
          <h1 className="text-brand-900 mt-4 text-4xl font-bold tracking-tight sm:text-5xl">
            <Editable path="ebook.title">{ebook.title}</Editable>
          </h1>
          <p className="mt-6 text-lg text-slate-700">
            <Editable path="ebook.description" multiline>
              {ebook.description}
            </Editable>
          </p>
          <h2 className="text-brand-900 mt-8 text-lg font-semibold">What you will learn</h2>
          <CheckList items={ebook.features} className="mt-4 space-y-3" itemPath={(index) => `ebook.features.${index}`} />
          <section id="ebook-form" aria-labelledby="ebook-form-title" className="card mt-10">
            <h2 id="ebook-form-title" className="text-brand-900 mb-4 text-xl font-semibold">
              Get your free copy
            </h2>
            {/* The PDF upload arrives with the admin's media issue; until then the button says so. */}
            <LazyEbookForm page="/ebook" downloadUrl={null} />
          </section>
        </div>
        <SiteImage
          src={ebook.imageUrl}
          alt={ebook.imageAlt}
          width={600}
          height={800}
          preload
          sizes="(min-width: 768px) 45vw, 100vw"
          className="mx-auto h-auto w-full max-w-sm rounded-lg shadow-2xl"
          edit={{ image: 'ebook.imageUrl', alt: 'ebook.imageAlt' }}
        />
      </div>
    </div>
  );
}
