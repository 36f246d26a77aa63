'use client';

import { useEffect, useId, useState, useTransition } from 'react';
import { leadConsentAction, recordLeadConsentAction } from '@/lib/consent/actions/consent';
import {
  CHANNEL_LABELS,
  CONSENT_CHANNELS,
  CONSENT_SOURCES,
  type ConsentChannel,
  type ConsentEvent,
  type ConsentEventKind,
  type FormConsent,
  type LeadConsentHistory,
} from '@/lib/consent/types';
import { inputClass, labelClass } from '../image-field';
import { formatTime } from './format';

const button = 'rounded-md border border-slate-400 bg-white px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60';

/** 'E-mail: may be sent' / 'withdrawn' / 'no address', for the lead's current state. */
function stateOf(may: boolean | null): string {
  return may === null ? 'no address' : may ? 'allowed' : 'withdrawn: nothing is sent';
}

function EventLine({ event }: { event: ConsentEvent }) {
  const what = event.event === 'withdrawn' ? 'Withdrawn' : 'Given again';
  return (
    <li>
      <strong>{what}</strong> · {CHANNEL_LABELS[event.channel]} · {event.address} · {formatTime(event.at)} ·{' '}
      {CONSENT_SOURCES[event.source]}
      {event.actor ? ` by ${event.actor}` : ''}
      {event.note ? <span className="whitespace-pre-wrap">: “{event.note}”</span> : null}
    </li>
  );
}

/**
 * The lead dialog's consent (issue 31, point 4): what the form recorded (verbatim), every later
 * withdrawal and renewal of the lead's e-mail address and phone (an unsubscribe link, a text STOP,
 * the team's records), whether e-mail and texts may go now, and the form that records a
 * "Do not contact" heard by phone or letter.
 */
export function LeadConsent({
  leadId,
  given,
  onMessage,
}: {
  leadId: string;
  /** The form's consent from the lead, shown before the history has loaded. */
  given: FormConsent | null;
  onMessage: (message: string) => void;
}) {
  const [history, setHistory] = useState<LeadConsentHistory | null>(null);
  const [channel, setChannel] = useState<ConsentChannel>('all');
  const [event, setEvent] = useState<ConsentEventKind>('withdrawn');
  const [note, setNote] = useState('');
  const [pending, startTransition] = useTransition();
  const id = useId();

  useEffect(() => {
    let live = true;
    void leadConsentAction({ id: leadId }).then((result) => {
      if (live && result.ok) setHistory(result.data);
    });
    return () => {
      live = false;
    };
  }, [leadId]);

  const record = () =>
    startTransition(async () => {
      const result = await recordLeadConsentAction({ leadId, channel, event, note });
      if (!result.ok) return onMessage(`${result.title}: ${result.error}`);
      setHistory(result.data);
      setNote('');
      onMessage([result.title, result.message].filter(Boolean).join(' '));
    });

  return (
    <section aria-labelledby="lead-consent" data-testid="lead-consent">
      <h3 id="lead-consent" className="text-brand-900 text-lg font-semibold">
        Consent to calls and texts
      </h3>
      {given ? (
        <p className="text-slate-800">
          Given {formatTime(given.at)} on <code>{given.page}</code>: “{given.text}”
        </p>
      ) : (
        <p className="text-slate-800">Not given.</p>
      )}
      {history && (
        <>
          {history.events.length > 0 && (
            <ol className="mt-2 list-disc space-y-1 pl-6 text-sm text-slate-800" aria-label="Consent history">
              {history.events.map((e) => (
                <EventLine key={e.id} event={e} />
              ))}
            </ol>
          )}
          <p className="mt-2 text-sm text-slate-800" data-testid="consent-now">
            Now: e-mail {stateOf(history.current.email)}; texts {stateOf(history.current.sms)}.
          </p>
        </>
      )}
      <fieldset className="mt-3 space-y-2 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Record what the person told you</legend>
        <div className="flex flex-wrap gap-4">
          {(['withdrawn', 'given'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-slate-900">
              <input type="radio" name={`${id}-event`} value={kind} checked={event === kind} onChange={() => setEvent(kind)} />
              {kind === 'withdrawn' ? 'Do not contact' : 'Consent given again'}
            </label>
          ))}
        </div>
        <div>
          <label htmlFor={`${id}-channel`} className={labelClass}>
            Channel
          </label>
          <select
            id={`${id}-channel`}
            className={inputClass}
            value={channel}
            onChange={(e) => setChannel(e.target.value as ConsentChannel)}
          >
            {CONSENT_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-note`} className={labelClass}>
            How they told us (optional)
          </label>
          <input
            id={`${id}-note`}
            className={inputClass}
            maxLength={500}
            value={note}
            placeholder="Called on Tuesday and asked us to stop"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <button type="button" className={button} disabled={pending} onClick={record}>
          {event === 'withdrawn' ? 'Record Do not contact' : 'Record consent'}
        </button>
      </fieldset>
    </section>
  );
}
