import type { Metadata } from 'next';
import { PageIconSprite } from '@/components/site/page-sprites';
import { Icon } from '@/components/site/sprite-icon';
import { buttonStyles } from '@/lib/ui/button-styles';

export const metadata: Metadata = {
  title: 'Payment Successful | Construction Loan Pros',
  robots: { index: false, follow: false },
};

/**
 * Stripe's success URL (spec section 2). It only thanks the visitor: the payment is recorded from
 * the signed webhook alone, so visiting this page grants nothing (the session_id is not read).
 */
export default function PaymentSuccessPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <PageIconSprite icons={['circle-check']} />
      <Icon name="circle-check" className="mx-auto size-16 text-green-700" />
      <h1 className="text-brand-900 mt-6 text-3xl font-bold">Payment Successful!</h1>
      <p className="mt-4 text-slate-700">Thank you. A confirmation e-mail is on its way to you.</p>
      <p className="mt-2 text-slate-700">We will be in touch shortly with the next steps.</p>
      <a href="/" className={`mt-8 ${buttonStyles.dark}`}>
        Return to Homepage
      </a>
    </div>
  );
}
