import type { ReactNode } from 'react';
import { buttonStyles } from '@/lib/ui/button-styles';
import { TOKEN_PARAM, UNSUBSCRIBE_PATH } from '@/lib/consent/paths';
import type { LinkState } from '@/lib/consent/types';

/** What the page's last button did, from its query (never free text from the URL). */
export type UnsubscribeDone = 'unsubscribe' | 'resubscribe' | null;

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The unsubscribe page's panel: the address an e-mail's link names, its state, and one button in a
 * plain form (no JavaScript, no cookie) that posts to the link itself (server/unsubscribe-endpoint.ts).
 * Opening the link changes nothing: mail scanners open links.
 */
export function UnsubscribePanel({
  token,
  state,
  done,
  contact,
}: {
  token: string;
  state: LinkState | null;
  done: UnsubscribeDone;
  /** How else to reach the broker, for a link that no longer opens. */
  contact: { company: string; email: string; phone: string };
}) {
  if (!state)
    return (
      <Panel title="This unsubscribe link does not work">
        <p>
          It may be cut short, or it is from an e-mail sent before a change on our side. You can still stop our e-mails and texts:
          reply to any of them saying so, write to <a href={`mailto:${contact.email}`}>{contact.email}</a> or call {contact.phone}
          , and {contact.company} will stop at once.
        </p>
      </Panel>
    );
  const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ [TOKEN_PARAM]: token })}`;
  const status = done === 'unsubscribe' ? 'Done.' : done === 'resubscribe' ? 'You will get our e-mails again.' : '';
  return state.withdrawal ? (
    <Panel title="You are unsubscribed" status={status}>
      <p>
        Since {day.format(new Date(state.withdrawal.at))} we send no e-mails to <strong>{state.address}</strong>: no
        confirmations, estimates, reminders or loan updates.
      </p>
      <p>If you have a loan file with us, you can still ask for a sign-in link on the borrower portal.</p>
      <Step action={action} step="resubscribe" label="Subscribe again" style={buttonStyles.secondary} />
    </Panel>
  ) : (
    <Panel title="Stop our e-mails?" status={status}>
      <p>
        We will send no more e-mails to <strong>{state.address}</strong>: no confirmations, estimates, reminders or loan updates.
        It takes effect at once, for messages already on their way too.
      </p>
      <Step action={action} step="unsubscribe" label="Unsubscribe" style={buttonStyles.primary} />
    </Panel>
  );
}

function Panel({ title, status = '', children }: { title: string; status?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <div className="space-y-4 rounded-2xl bg-white p-6 text-slate-800 shadow-sm sm:p-8">
        <h1 className="text-brand-900 text-2xl font-bold">{title}</h1>
        <p role="status" className="font-medium text-slate-900 empty:hidden">
          {status}
        </p>
        {children}
      </div>
    </div>
  );
}

function Step({ action, step, label, style }: { action: string; step: string; label: string; style: string }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="step" value={step} />
      <button type="submit" className={style}>
        {label}
      </button>
    </form>
  );
}
