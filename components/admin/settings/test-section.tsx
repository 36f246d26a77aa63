import type { ChannelState, SettingsView } from '@/lib/settings/types';
import { TestSend } from './test-send';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

const sourceWords = (state: ChannelState) => (state.source === 'environment' ? "set by the server's environment" : 'saved here');

/**
 * How e-mail and texts go out now, and the test sends: each through the saved settings (the
 * environment's where it sets them), with the last time one went through.
 */
export function TestSection({ view }: { view: SettingsView }) {
  return (
    <section aria-labelledby="settings-test-title" className="max-w-2xl space-y-6">
      <h2 id="settings-test-title" className="text-brand-900 text-xl font-semibold">
        Check that it works
      </h2>
      <div className="space-y-2" data-testid="mail-state">
        <h3 className="text-brand-900 text-lg font-semibold">E-mail</h3>
        <p className="text-slate-800">
          {view.mail ? (
            <>
              Goes out through <strong>{view.mail.summary}</strong> ({sourceWords(view.mail)}).
            </>
          ) : (
            'Not set up: lead alerts wait unsent until it is.'
          )}{' '}
          {view.mailTestSucceededAt && (
            <>
              Last test delivered <time dateTime={view.mailTestSucceededAt}>{formatTime(view.mailTestSucceededAt)}</time>.
            </>
          )}
        </p>
        <TestSend channel="mail" disabled={view.mail ? undefined : 'Save an SMTP server or an EmailJS account first.'} />
      </div>
      <div className="space-y-2" data-testid="sms-settings-state">
        <h3 className="text-brand-900 text-lg font-semibold">Text messages</h3>
        <p className="text-slate-800">
          {view.sms ? (
            <>
              Go out through <strong>{view.sms.summary}</strong> ({sourceWords(view.sms)}).
            </>
          ) : (
            'Not set up: no lead is texted to you.'
          )}{' '}
          {view.smsTestSucceededAt && (
            <>
              Last test delivered <time dateTime={view.smsTestSucceededAt}>{formatTime(view.smsTestSucceededAt)}</time>.
            </>
          )}
        </p>
        <TestSend channel="sms" disabled={view.sms ? undefined : 'Save the four Twilio settings first.'} />
      </div>
    </section>
  );
}
