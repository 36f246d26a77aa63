import type { BotSignal } from '@/lib/leads/spam';
import { botSignalShort } from '@/lib/leads/spam-words';

/** The "Possible bot" marker with its reasons (ADR 030): the lead is listed and alerted all the same. */
export function PossibleBotBadge({ signals }: { signals: BotSignal[] }) {
  return (
    <span data-testid="possible-bot" className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-950">
      Possible bot: {botSignalShort(signals)}
    </span>
  );
}
