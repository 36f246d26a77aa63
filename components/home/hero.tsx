import { OpenModalButton } from '@/components/leads/open-modal-button';
import { buttonStyles } from '@/lib/ui/button-styles';
import { ToastButton } from '@/components/ui/toast-button';
import type { SiteContent } from '@/lib/content/schema';
import { sanitizeInlineHtml } from '@/lib/html/sanitize.server';
import { featureInProgressToast } from '@/lib/site/phone';
import { SiteImage } from '@/components/site/site-image';
import { Icon } from '@/components/site/sprite-icon';
import { Editable, EditableHtml } from '@/components/edit-mode/editable';

/** The home page hero (spec section 2, item 1). The title may hold inline HTML from the owner. */
export function Hero({ hero }: { hero: SiteContent['hero'] }) {
  return (
    <section aria-labelledby="hero-title" className="from-brand-50 bg-gradient-to-b to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <h1 id="hero-title" className="text-brand-900 text-4xl font-bold tracking-tight sm:text-5xl">
            <EditableHtml path="hero.title" html={sanitizeInlineHtml(hero.title)} />
          </h1>
          <p className="mt-6 text-lg text-slate-700">
            <Editable path="hero.subtitle" multiline>
              {hero.subtitle}
            </Editable>
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <OpenModalButton modal="application" className={buttonStyles.primary}>
              <Editable path="hero.primaryButton">{hero.primaryButton}</Editable>
            </OpenModalButton>
            <ToastButton toast={featureInProgressToast} className={buttonStyles.secondary}>
              <Editable path="hero.secondaryButton">{hero.secondaryButton}</Editable>
            </ToastButton>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-3" aria-label="Highlights">
            {hero.features.map((feature, index) => (
              <li key={feature} className="flex items-center gap-2 font-medium text-slate-800">
                <Icon name="circle-check" className="size-5 text-green-700" />
                <Editable path={`hero.features.${index}`}>{feature}</Editable>
              </li>
            ))}
          </ul>
        </div>
        <div className="relative">
          <SiteImage
            src={hero.imageUrl}
            alt={hero.imageAlt}
            width={1200}
            height={900}
            preload
            sizes="(min-width: 1024px) 50vw, 100vw"
            className="h-auto w-full rounded-2xl shadow-xl"
            edit={{ image: 'hero.imageUrl', alt: 'hero.imageAlt' }}
          />
          <p className="bg-brand-700 absolute -bottom-4 left-4 inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-white shadow-lg">
            <Icon name="award" className="size-4" />
            <Editable path="hero.badge">{hero.badge}</Editable>
          </p>
        </div>
      </div>
    </section>
  );
}
