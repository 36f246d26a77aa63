'use client';

import { useState } from 'react';

const button = 'rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100';

/** Ten recovery codes, shown once: to copy, download or write down before they are gone. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState('');
  const text = `Construction Loan Pros admin: recovery codes (each works once)\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Copying was not allowed: select the codes and copy them by hand.');
    }
  }

  function download() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <div
      role="region"
      aria-labelledby="recovery-codes-title"
      className="space-y-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4"
    >
      <h3 id="recovery-codes-title" className="font-semibold text-amber-950">
        Your recovery codes
      </h3>
      <p className="text-sm text-amber-950">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.
      </p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={copy} className={button}>
          Copy codes
        </button>
        <button type="button" onClick={download} className={button}>
          Download codes
        </button>
        <button type="button" onClick={onDone} className={button}>
          I have saved them
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-800">
        {copied}
      </p>
    </div>
  );
}
