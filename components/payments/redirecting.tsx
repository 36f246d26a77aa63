/** The payment page's waiting state (spec section 2): a spinner and 'Redirecting to Secure Checkout'. */
export function RedirectingToCheckout() {
  return (
    <div role="status" className="flex flex-col items-center gap-6 py-8 text-center">
      <span
        aria-hidden="true"
        className="border-brand-700 size-12 animate-spin rounded-full border-4 border-t-transparent motion-reduce:animate-none"
      />
      <p className="text-brand-900 text-2xl font-bold">Redirecting to Secure Checkout</p>
      <p className="text-slate-600">Please wait while we take you to our payment provider.</p>
    </div>
  );
}
