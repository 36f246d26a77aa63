import { CheckList } from '@/components/site/check-list';
import { SectionHeading } from '@/components/site/section-heading';
import { Icon } from '@/components/site/sprite-icon';
import { buttonStyles } from '@/lib/ui/button-styles';
import { ToastButton } from '@/components/ui/toast-button';
import type { SiteContent } from '@/lib/content/schema';
import { featureNotImplementedToast, phoneToast } from '@/lib/site/phone';
import { Editable } from '@/components/edit-mode/editable';

/** Pricing (spec section 2, item 6): the free consultation block, then the paid plans. */
export function Pricing({
  pricing,
  phone,
  paymentsEnabled,
}: {
  pricing: SiteContent['pricing'];
  phone: string;
  /** Stripe is configured (decided on the server): plan buttons link to /payment. */
  paymentsEnabled: boolean;
}) {
  const { freePlan } = pricing;
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" title={pricing.title} subtitle={pricing.subtitle} editPath="pricing" />
        <div className="mx-auto mb-10 flex max-w-4xl flex-col gap-6 rounded-2xl border-2 border-green-700 bg-white p-8 md:flex-row md:items-center">
          <div className="flex-1">
            <h3 className="text-brand-900 text-2xl font-bold">
              <Editable path="pricing.freePlan.title">{freePlan.title}</Editable>
            </h3>
            <p className="mt-2 text-slate-600">
              <Editable path="pricing.freePlan.description" multiline>
                {freePlan.description}
              </Editable>
            </p>
            <CheckList items={freePlan.features} className="mt-6 space-y-3" itemPath={(j) => `pricing.freePlan.features.${j}`} />
          </div>
          <ToastButton toast={phoneToast(phone)} className={buttonStyles.dark}>
            <Icon name="phone" className="size-5" />
            <Editable path="pricing.freePlan.buttonText">{freePlan.buttonText}</Editable>
          </ToastButton>
        </div>
        <ul className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          {pricing.plans.map((plan, i) => (
            <li
              key={plan.id}
              className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm ${plan.highlight ? 'border-accent border-2 shadow-lg' : 'border border-slate-200'}`}
            >
              {plan.highlight && (
                <p className="bg-accent absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </p>
              )}
              <h3 className="text-brand-900 text-xl font-bold">
                <Editable path={`pricing.plans.${i}.name`}>{plan.name}</Editable>
              </h3>
              <p className="mt-1 text-slate-600">
                <Editable path={`pricing.plans.${i}.description`} multiline>
                  {plan.description}
                </Editable>
              </p>
              <p className="mt-6">
                <span className="text-brand-900 text-4xl font-bold">
                  <Editable path={`pricing.plans.${i}.price`}>{plan.price}</Editable>
                </span>
                {plan.priceSuffix && (
                  <span className="ml-2 text-slate-600">
                    <Editable path={`pricing.plans.${i}.priceSuffix`}>{plan.priceSuffix}</Editable>
                  </span>
                )}
              </p>
              <div className="flex-1">
                <CheckList
                  items={plan.features.map((f) => f.text)}
                  className="mt-6 space-y-3"
                  itemPath={(j) => `pricing.plans.${i}.features.${j}.text`}
                />
              </div>
              {paymentsEnabled ? (
                <a
                  href={`/payment?priceId=${plan.id}`}
                  className={`mt-8 ${plan.highlight ? buttonStyles.primary : buttonStyles.dark}`}
                >
                  <Editable path={`pricing.plans.${i}.buttonText`}>{plan.buttonText}</Editable>
                </a>
              ) : (
                // Payments are not configured: the spec's toast (section 8).
                <ToastButton
                  toast={featureNotImplementedToast}
                  className={`mt-8 ${plan.highlight ? buttonStyles.primary : buttonStyles.dark}`}
                >
                  <Editable path={`pricing.plans.${i}.buttonText`}>{plan.buttonText}</Editable>
                </ToastButton>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
