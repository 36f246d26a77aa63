'use client';

import { ChevronDown, History } from 'lucide-react';
import { useState, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { AdCopyFinding } from '@/lib/compliance/ad-copy';
import { restoreRevisionAction, saveContentAction, type ContentSaved } from '@/lib/content/actions/content';
import type { SiteContent } from '@/lib/content/schema';
import { AdCopyWarnings, adCopyToastNote } from '../ad-copy-warnings';
import { useUnsavedChanges } from '../unsaved-changes';
import { ObjectFields, type FieldContext } from './fields';
import { PdfField } from './pdf-field';
import { RevisionHistory } from './revision-history';
import { setAt, type Path } from './tree';

/** Every section of the content tree, in the order the owner meets them on the site. */
const SECTIONS: { key: keyof SiteContent; title: string }[] = [
  { key: 'hero', title: 'Hero' },
  { key: 'contact', title: 'Contact Info' },
  { key: 'header', title: 'Header' },
  { key: 'stats', title: 'Stats Strip' },
  { key: 'loanTypes', title: 'Loan Types' },
  { key: 'process', title: '4-Step Process' },
  { key: 'testimonials', title: 'Testimonials' },
  { key: 'pricing', title: 'Pricing Plans' },
  { key: 'cta', title: 'Call to Action' },
  { key: 'ratesTeaser', title: 'Rates Teaser' },
  { key: 'ebook', title: 'Ebook' },
  { key: 'rates', title: 'Rates Page' },
  { key: 'footer', title: 'Footer' },
  { key: 'company', title: 'Company, NMLS ID & Equal Housing' },
  { key: 'autoReply', title: 'Auto-reply to Visitors' },
  { key: 'calculators', title: 'Calculators' },
  { key: 'meta', title: 'Page Titles & Descriptions (meta)' },
  { key: 'legal', title: 'Privacy & Licenses Pages' },
];

/** Where a warning's text is, as the editor names it: 'Pricing Plans › plans 1 › features 2 › text'. */
function placeOf(finding: AdCopyFinding): string {
  if (finding.label) return finding.label;
  const [section, ...rest] = finding.path.split('.');
  const parts = [SECTIONS.find((s) => s.key === section)?.title ?? section ?? ''];
  for (const segment of rest) {
    if (/^\d+$/.test(segment) && parts.length > 1) parts[parts.length - 1] += ` ${Number(segment) + 1}`;
    else parts.push(segment);
  }
  return parts.join(' › ');
}

export function ContentEditor({ initial }: { initial: ContentSaved }) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<SiteContent>(initial.content);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<Set<string>>(() => new Set(['hero']));
  const [showHistory, setShowHistory] = useState(false);
  const [adCopy, setAdCopy] = useState(initial.adCopy);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved.content);
  useUnsavedChanges('content', dirty);

  const ctx: FieldContext = {
    errors,
    onChange: (path: Path, value: unknown) => setDraft((d) => setAt(d, path, value)),
  };

  function applySaved(next: ContentSaved) {
    setSaved(next);
    setDraft(next.content);
    setErrors({});
    setAdCopy(next.adCopy);
  }

  function save() {
    startTransition(async () => {
      const result = await saveContentAction({ content: draft, revision: saved.revision });
      if (result.ok) {
        applySaved(result.data);
        const description = `${result.message ?? ''}${adCopyToastNote(result.data.adCopy)}`;
        showToast({ title: result.title, description, variant: 'success' });
        return;
      }
      const fieldErrors = result.fieldErrors ?? {};
      setErrors(fieldErrors);
      const sections = new Set(Object.keys(fieldErrors).map((p) => p.split('.')[0] ?? ''));
      setOpen((o) => new Set([...o, ...sections]));
      showToast({ title: result.title, description: result.error, variant: 'error' });
      // Take the owner to the first field that needs attention once the sections have opened.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('#content-editor [aria-invalid="true"]')?.focus());
    });
  }

  function restore(revision: number) {
    if (dirty && !window.confirm('Restoring replaces the changes you have not saved. Continue?')) return;
    startTransition(async () => {
      const result = await restoreRevisionAction({ revision });
      if (result.ok) {
        applySaved(result.data);
        const description = `${result.message ?? ''}${adCopyToastNote(result.data.adCopy)}`;
        showToast({ title: result.title, description, variant: 'success' });
      } else showToast({ title: result.title, description: result.error, variant: 'error' });
    });
  }

  const toggle = (key: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    // Disabled in the server's HTML: an edit made before React owns the fields would be lost.
    <fieldset id="content-editor" disabled={!hydrated} className="m-0 min-w-0 space-y-4 border-0 p-0">
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50/95 px-4 py-3">
        <button
          type="button"
          onClick={save}
          disabled={pending}
          className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          {pending ? 'Saving...' : 'Save All Changes'}
        </button>
        <button
          type="button"
          onClick={() => setShowHistory((s) => !s)}
          aria-expanded={showHistory}
          aria-controls="content-history"
          className="inline-flex items-center gap-2 rounded-md border border-slate-400 bg-white px-4 py-2 font-medium hover:bg-slate-100"
        >
          <History aria-hidden="true" className="size-4" /> History
        </button>
        <p role="status" aria-live="polite" className="text-sm text-slate-700">
          {dirty ? 'You have unsaved changes.' : `All changes saved (revision ${saved.revision}).`}
        </p>
      </div>

      {showHistory && (
        <RevisionHistory revisions={saved.revisions} current={saved.revision} onRestore={restore} disabled={pending} />
      )}

      <AdCopyWarnings
        findings={adCopy}
        placeOf={placeOf}
        onDismissed={(key) => setAdCopy((list) => list.filter((f) => f.key !== key))}
      />

      {SECTIONS.map(({ key, title }) => {
        const expanded = open.has(key);
        const sectionErrors = Object.keys(errors).filter((p) => p === key || p.startsWith(`${key}.`)).length;
        return (
          <section key={key} aria-labelledby={`section-${key}`} className="rounded-xl border border-slate-200 bg-white">
            <h2 id={`section-${key}`} className="text-brand-900 text-lg font-semibold">
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={`panel-${key}`}
                onClick={() => toggle(key)}
                className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left"
              >
                <span>
                  {title}
                  {sectionErrors > 0 && <span className="ml-2 text-sm font-medium text-red-800">({sectionErrors} to fix)</span>}
                </span>
                <ChevronDown aria-hidden="true" className={`size-5 transition-transform ${expanded ? 'rotate-180' : ''}`} />
              </button>
            </h2>
            <div id={`panel-${key}`} hidden={!expanded} className="border-t border-slate-200 p-4">
              <ObjectFields path={[key]} value={draft[key] as Record<string, unknown>} ctx={ctx} />
              {key === 'ebook' && (
                <div className="mt-4">
                  <PdfField value={draft.ebook.pdfMediaId} onChange={(id) => ctx.onChange(['ebook', 'pdfMediaId'], id)} />
                </div>
              )}
            </div>
          </section>
        );
      })}
    </fieldset>
  );
}
