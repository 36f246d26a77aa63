'use client';

import { TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { AD_COPY_RULES, type AdCopyFinding } from '@/lib/compliance/ad-copy';
import { dismissAdCopyWarningAction } from '@/lib/compliance/actions/ad-copy';

/** ' 2 advertising claims to review below.' for a save's toast; '' when there are none. */
export function adCopyToastNote(findings: readonly AdCopyFinding[]): string {
  if (findings.length === 0) return '';
  return ` ${findings.length} advertising ${findings.length === 1 ? 'claim' : 'claims'} to review below.`;
}

/**
 * The ad-copy checker's warnings in an editor (issue 31): each claim with the rule it meets, where
 * it is and what to do, and a 'Dismiss' once the owner has decided it may stand. Warnings only:
 * the text is already saved. The list is the editor's state (`findings`); a dismissal is stored
 * by the server, then reported through `onDismissed`.
 */
export function AdCopyWarnings({
  findings,
  onDismissed,
  heading = 'Advertising claims to review',
  headingLevel = 2,
  placeOf = (finding) => finding.label ?? finding.path,
  className,
  onStatus,
}: {
  findings: readonly AdCopyFinding[];
  onDismissed: (key: string) => void;
  heading?: string;
  headingLevel?: 2 | 3;
  /** How the owner knows where a finding is, where its label does not say. */
  placeOf?: (finding: AdCopyFinding) => string;
  className?: string;
  /**
   * Where to say that a warning was dismissed, for a host with a live status of its own (a rate
   * row: one status per row). Without it the list keeps its own, which outlives its last warning.
   */
  onStatus?: (message: string) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const dismiss = (finding: AdCopyFinding) => {
    setPendingKey(finding.key);
    startTransition(async () => {
      const result = await dismissAdCopyWarningAction({ key: finding.key });
      setPendingKey(null);
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      const message = `Dismissed: ${AD_COPY_RULES[finding.rule].title} in ${placeOf(finding)}.`;
      if (onStatus) onStatus(message);
      else setStatus(message);
      onDismissed(finding.key);
      // The pressed button is gone with its warning: keep the keyboard in the list, at its heading.
      requestAnimationFrame(() => headingRef.current?.focus());
    });
  };

  return (
    <div className={findings.length > 0 ? className : undefined}>
      {!onStatus && (
        <p role="status" aria-live="polite" className="sr-only">
          {status}
        </p>
      )}
      {findings.length > 0 && (
        <section
          aria-labelledby={`${id}-title`}
          className="rounded-xl border border-amber-300 bg-amber-50 p-4"
          data-testid="ad-copy-warnings"
        >
          <Heading
            id={`${id}-title`}
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 text-lg font-semibold text-amber-950"
          >
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            {heading} ({findings.length})
          </Heading>
          <p className="mt-1 text-sm text-slate-800">
            Warnings, not errors: everything is saved. Change the words, or dismiss a warning once you have decided they may
            stand; it comes back if they change. This is not legal advice.
          </p>
          <ul className="mt-3 divide-y divide-amber-200">
            {findings.map((finding) => {
              const rule = AD_COPY_RULES[finding.rule];
              const place = placeOf(finding);
              return (
                <li
                  key={finding.key}
                  className="flex flex-wrap items-start justify-between gap-3 py-3"
                  data-testid="ad-copy-warning"
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="font-semibold text-slate-900">
                      {rule.title} <span className="font-normal text-slate-700">· {place}</span>
                    </p>
                    <blockquote className="border-l-4 border-amber-400 pl-3 break-words text-slate-900">
                      {finding.excerpt}
                    </blockquote>
                    <p className="text-sm text-slate-800">
                      {finding.detail ? `${finding.detail} ` : ''}
                      {rule.advice}
                    </p>
                    <p className="text-sm text-slate-700">Rule: {finding.citation}</p>
                  </div>
                  <button
                    type="button"
                    onClick={() => dismiss(finding)}
                    disabled={pendingKey === finding.key}
                    aria-label={`Dismiss “${rule.title}” in ${place}`}
                    className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-70"
                  >
                    Dismiss
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
