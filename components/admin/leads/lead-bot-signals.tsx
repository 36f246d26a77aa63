import { BOT_MARK_SCORE } from '@/lib/leads/spam';
import { botSignalSentences, spamReasonSentence } from '@/lib/leads/spam-words';
import type { Lead } from '@/lib/leads/types';

/**
 * Why a lead is in the spam folder, or why it is marked "Possible bot" (ADR 030): each weak signal
 * in a sentence, marked or not, so the owner judges from what was measured rather than a verdict.
 */
export function LeadBotSignals({ lead }: { lead: Lead }) {
  if (!lead.isSpam && lead.botSignals.length === 0) return null;
  const score = lead.botSignals.reduce((sum, s) => sum + s.weight, 0);
  return (
    <section aria-labelledby="lead-bot" data-testid="lead-bot-signals">
      <h3 id="lead-bot" className="text-brand-900 text-lg font-semibold">
        {lead.isSpam ? 'Why it is in spam' : lead.possibleBot ? 'Possible bot' : 'Bot signals'}
      </h3>
      {lead.isSpam && <p className="text-slate-800">{spamReasonSentence(lead.spamReason)}</p>}
      {lead.botSignals.length > 0 && (
        <>
          <ul className="mt-1 list-disc pl-6 text-slate-800">
            {botSignalSentences(lead.botSignals).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-slate-700">
            {lead.possibleBot
              ? 'Signals like these come from people too (autofill, a shared office network). It was listed and alerted like any lead; move it to spam if it is not a person.'
              : `Weight ${score}; a lead is marked “Possible bot” from ${BOT_MARK_SCORE}. People often show a signal or two.`}
          </p>
        </>
      )}
    </section>
  );
}
