import { OpenModalButton } from '@/components/leads/open-modal-button';
import { Icon } from '@/components/site/sprite-icon';
import { buttonStyles } from '@/lib/ui/button-styles';
import { ToastButton } from '@/components/ui/toast-button';
import type { SiteContent } from '@/lib/content/schema';
import { phoneToast } from '@/lib/site/phone';
import { Editable } from '@/components/edit-mode/editable';

export function CallToAction({ cta, phone, tollFreePhone }: { cta: SiteContent['cta']; phone: string; tollFreePhone: string }) {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-800 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          <Editable path="cta.title">{cta.title}</Editable>
        </h2>
        <p className="text-brand-100 mt-4 text-lg">
          <Editable path="cta.subtitle" multiline>
            {cta.subtitle}
          </Editable>
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <OpenModalButton modal="application" className={buttonStyles.primary}>
            <Editable path="cta.cta">{cta.cta}</Editable>
          </OpenModalButton>
          <ToastButton toast={phoneToast(phone)} className={buttonStyles.outlineLight}>
            <Icon name="phone" className="size-5" />
            <Editable path="cta.callButton">{cta.callButton}</Editable>
          </ToastButton>
        </div>
        <p className="text-brand-100 mt-6">
          Toll-free: <span className="font-semibold text-white">{tollFreePhone}</span>
        </p>
      </div>
    </section>
  );
}
