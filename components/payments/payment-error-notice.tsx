'use client';

import { useEffect, useState } from 'react';

/**
 * The checkout error on /rates (spec: 'Redirect to /rates carrying the provider's message').
 * /rates is a cached page, the same for everyone, so the message is read here in the browser from
 * ?payment_error= and rendered as text (never as HTML).
 */
export function PaymentErrorNotice() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    // Reading the URL once on mount is the point: the server-rendered page carries no message.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMessage(new URLSearchParams(window.location.search).get('payment_error'));
  }, []);
  return (
    <div role="alert" className="empty:hidden">
      {message && (
        <div className="mx-auto mt-8 max-w-3xl rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">We could not start the secure checkout.</p>
          <p className="mt-1">{message.slice(0, 500)}</p>
          <p className="mt-2 text-sm">
            Please try again later or{' '}
            <a href="/contact" className="underline">
              contact us
            </a>
            .
          </p>
        </div>
      )}
    </div>
  );
}
