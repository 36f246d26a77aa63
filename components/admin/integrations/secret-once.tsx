'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * A new endpoint's signing secret, shown this once (it is stored sealed and never shown again):
 * focused when it appears, with Copy and Done.
 */
export function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied.');
    } catch {
      setCopied('Copying is not allowed here: select the secret and copy it.');
    }
  };

  return (
    <div className="max-w-xl space-y-3 rounded-lg border-2 border-amber-600 bg-amber-50 p-4" data-testid="new-secret">
      <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-amber-950">
        Signing secret for {url}
      </h3>
      <p className="text-amber-950">
        Copy it into the receiving tool now: it is shown only this once. If it is lost, delete the endpoint and add it again.
      </p>
      <label htmlFor="webhook-secret" className="block text-sm font-medium text-slate-900">
        Signing secret
      </label>
      <input
        id="webhook-secret"
        readOnly
        value={secret}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded-md border border-slate-400 bg-white px-3 py-1.5 font-medium hover:bg-slate-100"
        >
          Copy
        </button>
        <button
          type="button"
          onClick={onDone}
          className="rounded-md border border-slate-400 bg-white px-3 py-1.5 font-medium hover:bg-slate-100"
        >
          Done
        </button>
        <span role="status" aria-live="polite" className="text-sm text-slate-900">
          {copied}
        </span>
      </div>
    </div>
  );
}
