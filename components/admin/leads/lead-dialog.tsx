'use client';

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState, useTransition } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { showToast } from '@/components/ui/toast-store';
import type { ActionResult } from '@/lib/admin/result';
import {
  deleteLeadAction,
  leadDetailAction,
  moveToSpamAction,
  notBotAction,
  notSpamAction,
  retryNotificationAction,
  updateLeadAction,
  type LeadDetail,
} from '@/lib/leads/actions/admin';
import type { LeadUpdate } from '@/lib/leads/admin/filter';
import { inputClass, labelClass } from '../image-field';
import { LeadPipelineFields, pipelineDraft } from './lead-pipeline-fields';
import { StatusHistory } from './status-history';
import { LeadAutoReply } from './lead-auto-reply';
import { LeadConsent } from './lead-consent';
import { LeadBotSignals } from './lead-bot-signals';
import { PossibleBotBadge } from './possible-bot-badge';
import { OutsideLicensesBadge } from './outside-licenses-badge';
import { LeadPropertyState } from './lead-property-state';
import { LeadSource } from './lead-source';
import { LeadDeliveries } from './lead-deliveries';
import { LeadLoanFile } from './lead-loan-file';
import { LeadStatusOptions } from './status-options';
import { formatTime, NOTIFICATION_LABELS, RETRYABLE } from './format';

const button = 'rounded-md border border-slate-400 bg-white px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60';

/** One lead: every submitted field (labelled and formatted as in its e-mail), consent, notes, status, notification. */
export function LeadDialog({ id, onClose, onChanged }: { id: string | null; onClose: () => void; onChanged: () => void }) {
  const [detail, setDetail] = useState<LeadDetail | null>(null);
  const [draft, setDraft] = useState<LeadUpdate>({ status: 'new', notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Feedback inside the dialog, not a toast: a modal hides the toasts from assistive technology,
  // and a toast closing while the dialog is open leaves Radix's layers out of step.
  const [message, setMessage] = useState('');
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (!id) return;
    let live = true;
    void leadDetailAction({ id }).then((result) => {
      if (!live) return;
      if (!result.ok) {
        showToast({ title: result.title, description: result.error, variant: 'error' });
        onClose();
        return;
      }
      show(result.data);
    });
    return () => {
      live = false;
      setDetail(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per opened lead
  }, [id]);

  function show(data: LeadDetail) {
    setDetail(data);
    setDraft({ status: data.lead.status as LeadUpdate['status'], notes: data.lead.notes, ...pipelineDraft(data.pipeline) });
    setErrors({});
    setMessage('');
  }

  const run = (action: () => Promise<ActionResult<LeadDetail>>) =>
    startTransition(async () => {
      const result = await action();
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        return setMessage(`${result.title}: ${result.error}`);
      }
      show(result.data);
      setMessage([result.title, result.message].filter(Boolean).join(' '));
      onChanged();
    });

  const remove = (leadId: string) => {
    if (!window.confirm('Delete this lead and its notification history for good? This cannot be undone.')) return;
    startTransition(async () => {
      // Deleting data needs a recent sign-in: the 'Confirm it's you' dialog asks, then it runs again.
      const result = await withStepUp(() => deleteLeadAction({ id: leadId }));
      if (!result.ok) return setMessage(`${result.title}: ${result.error}`);
      onClose();
      showToast({ title: result.title, description: result.message, variant: 'success' });
      onChanged();
    });
  };

  const lead = detail?.lead;
  const n = lead?.notification;
  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-3xl flex-col overflow-hidden rounded-xl bg-white shadow-2xl sm:inset-x-4 sm:top-8 sm:bottom-8"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-6 py-4">
            <Dialog.Title className="text-brand-900 text-xl font-bold break-words">
              {lead ? lead.name || lead.email || 'Unnamed lead' : 'Loading lead...'}
            </Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-slate-700 hover:bg-slate-100">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          {lead && detail && (
            <div className="space-y-6 overflow-y-auto px-6 py-6">
              <p className="text-slate-800">
                <strong>{lead.type}</strong> · submitted {formatTime(lead.createdAt)} on <code>{lead.page}</code>
                {lead.isSpam && <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-sm text-red-950">Spam</span>}
                {!lead.isSpam && lead.possibleBot && (
                  <span className="ml-2 text-sm">
                    <PossibleBotBadge signals={lead.botSignals} />
                  </span>
                )}
                {lead.outsideLicenses && (
                  <span className="ml-2 text-sm">
                    <OutsideLicensesBadge state={lead.propertyState} />
                  </span>
                )}
              </p>

              <LeadPropertyState lead={lead} />

              <LeadBotSignals lead={lead} />

              <section aria-labelledby="lead-fields">
                <h3 id="lead-fields" className="text-brand-900 text-lg font-semibold">
                  {detail.summary.heading}
                </h3>
                {detail.summary.sections.map((section, i) => (
                  <div key={i} className="mt-3">
                    {section.title && <h4 className="text-sm font-semibold tracking-wide text-slate-700">{section.title}</h4>}
                    <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(10rem,auto)_1fr]">
                      {section.rows.map((row) => (
                        <div key={row.label} className="contents">
                          <dt className="font-medium text-slate-700">{row.label}</dt>
                          <dd className="break-words whitespace-pre-wrap text-slate-900">{row.value || '—'}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                ))}
              </section>

              <LeadSource lead={lead} />

              <LeadConsent leadId={lead.id} given={lead.consent} onMessage={setMessage} />

              <LeadLoanFile
                leadId={lead.id}
                spam={lead.isSpam}
                fileId={detail.loanFileId}
                onResult={(text, loanFileId) => {
                  if (loanFileId) setDetail({ ...detail, loanFileId });
                  setMessage(text);
                }}
              />

              <form
                className="space-y-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  run(() => updateLeadAction({ ...draft, id: lead.id }));
                }}
              >
                <div>
                  <label htmlFor="lead-status" className={labelClass}>
                    Status
                  </label>
                  <select
                    id="lead-status"
                    className={inputClass}
                    value={draft.status}
                    aria-invalid={errors.status ? true : undefined}
                    onChange={(e) => setDraft({ ...draft, status: e.target.value as LeadUpdate['status'] })}
                  >
                    <LeadStatusOptions />
                  </select>
                </div>
                <LeadPipelineFields draft={draft} onChange={setDraft} pipeline={detail.pipeline} errors={errors} />
                <div>
                  <label htmlFor="lead-notes" className={labelClass}>
                    Notes
                  </label>
                  <textarea
                    id="lead-notes"
                    rows={4}
                    maxLength={10_000}
                    className={inputClass}
                    value={draft.notes}
                    aria-invalid={errors.notes ? true : undefined}
                    onChange={(e) => setDraft({ ...draft, notes: e.target.value })}
                  />
                  {errors.notes && <p className="mt-1 text-sm text-red-800">{errors.notes}</p>}
                </div>
                <button
                  type="submit"
                  disabled={pending}
                  className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
                >
                  Save Status and Notes
                </button>
              </form>

              <StatusHistory history={detail.pipeline.history} />

              <section aria-labelledby="lead-notification">
                <h3 id="lead-notification" className="text-brand-900 text-lg font-semibold">
                  E-mail notification
                </h3>
                <p className="text-slate-800" data-testid="notification-state">
                  {n ? NOTIFICATION_LABELS[n.status] : 'None'}
                  {n && n.status !== 'sent' && n.status !== 'skipped' && n.lastError ? `: ${n.lastError}` : ''}
                  {n?.sentAt ? ` (${formatTime(n.sentAt)})` : ''}
                  {n && n.attempts > 0 ? ` · ${n.attempts} attempt${n.attempts === 1 ? '' : 's'}` : ''}
                </p>
              </section>
              <LeadDeliveries leadId={lead.id} version={detail} />

              <LeadAutoReply lead={lead} />

              <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
                {n && RETRYABLE.includes(n.status) && (
                  <button
                    type="button"
                    className={button}
                    disabled={pending}
                    onClick={() => run(() => retryNotificationAction({ id: lead.id }))}
                  >
                    Retry now
                  </button>
                )}
                {lead.isSpam ? (
                  <button
                    type="button"
                    className={button}
                    disabled={pending}
                    onClick={() => run(() => notSpamAction({ id: lead.id }))}
                  >
                    Not spam
                  </button>
                ) : (
                  <button
                    type="button"
                    className={button}
                    disabled={pending}
                    onClick={() => run(() => moveToSpamAction({ id: lead.id }))}
                  >
                    Move to spam
                  </button>
                )}
                {!lead.isSpam && lead.possibleBot && (
                  <button
                    type="button"
                    className={button}
                    disabled={pending}
                    onClick={() => run(() => notBotAction({ id: lead.id }))}
                  >
                    Not a bot
                  </button>
                )}
                <button
                  type="button"
                  className="rounded-md border border-red-700 bg-white px-3 py-2 font-medium text-red-800 hover:bg-red-50"
                  disabled={pending}
                  onClick={() => remove(lead.id)}
                >
                  Delete lead
                </button>
              </div>
              <p role="status" aria-live="polite" data-testid="lead-message" className="min-h-6 font-medium text-slate-900">
                {message}
              </p>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
