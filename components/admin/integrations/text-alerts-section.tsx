import 'server-only';
import { env } from '@/lib/env.server';

/** The last digits of a phone number: enough to recognize it, not to copy it off a shared screen. */
const masked = (phone: string) => `•••${phone.replace(/\D/g, '').slice(-4)}`;

/** Integrations > Text alerts: set by configuration (Twilio), shown here so the owner knows where they go. */
export function TextAlertsSection() {
  const on = Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM && env.ALERT_SMS_TO);
  return (
    <section aria-labelledby="sms-title" className="space-y-2">
      <h2 id="sms-title" className="text-brand-900 text-xl font-semibold">
        Text alerts
      </h2>
      {on ? (
        <p className="text-slate-800" data-testid="sms-state">
          Each new lead is texted to <strong>{masked(env.ALERT_SMS_TO!)}</strong> through Twilio, with its kind, name and a link
          to it here. Every text is in the lead&apos;s delivery log.
        </p>
      ) : (
        <p className="text-slate-800" data-testid="sms-state">
          Off. To have each new lead texted to you, set <code>TWILIO_ACCOUNT_SID</code>, <code>TWILIO_AUTH_TOKEN</code>,{' '}
          <code>TWILIO_FROM</code> and <code>ALERT_SMS_TO</code> and restart the site (see docs/integrations.md).
        </p>
      )}
    </section>
  );
}
