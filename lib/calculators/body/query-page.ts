import { ESTIMATE_STATUS_PARAM, isEstimateStatus } from '../estimate-status';
import { toHtml } from '../markup/html';
import { h } from '../markup/node';
import { calculatorSetupFrom } from '../page-setup';
import type { CalculatorId } from '../registry';
import { calculatorBody } from './body';

/**
 * A calculator page's body (./body.ts) is written by the server into the page Next rendered
 * (issue 32, ADR 040). Only the body depends on the query: the frame around it (header, texts,
 * footer, scripts, React's payload) is the same for every query. So Next renders and caches each
 * calculator page once, with an empty slot between two marks that names the values an empty input
 * takes, and the server fills the slot (server/calculators/query-page.ts): with the defaults for
 * the page everyone shares, with the figures of a query for one visitor. React never looks inside
 * the slot (one `dangerouslySetInnerHTML`, components/calculators/calculator-body.tsx), and its
 * payload carries the empty slot only: the body's HTML is sent once, not twice.
 */

const START_MARK = '<!--calc-body-->';
const END_MARK = '<!--/calc-body-->';
/** On the slot's element: the values an empty input takes (the calculator's defaults, JSON). */
const START_ATTRIBUTE = 'data-calc-start';

/** The slot as Next renders it: its marks, and the defaults the server reads back from it. */
export function bodySlot(start: Record<string, string>, content = ''): string {
  const open = toHtml(h('div', { [START_ATTRIBUTE]: JSON.stringify(start) }));
  return `${START_MARK}${open.slice(0, -'</div>'.length)}${content}</div>${END_MARK}`;
}

interface Slot {
  /** Where the slot starts and ends (after its end mark) in the page's bytes. */
  start: number;
  end: number;
  /** The values an empty input takes on this page. */
  defaults: Record<string, string>;
}

const START = Buffer.from(START_MARK);
const END = Buffer.from(END_MARK);
const DEFAULTS = Buffer.from(` ${START_ATTRIBUTE}="`);
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

function parseDefaults(text: string): Record<string, string> | null {
  try {
    const value: unknown = JSON.parse(text.replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]!));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** A page is read once however many queries it answers: the micro-cache keeps the same bytes. */
const slots = new WeakMap<Buffer, Slot | null>();

function slotOf(page: Buffer): Slot | null {
  if (slots.has(page)) return slots.get(page)!;
  let slot: Slot | null = null;
  const start = page.indexOf(START);
  const endMark = start < 0 ? -1 : page.indexOf(END, start);
  const at = start < 0 ? -1 : page.indexOf(DEFAULTS, start);
  const quote = at < 0 ? -1 : page.indexOf('"', at + DEFAULTS.length);
  // Exactly one slot, its defaults inside it.
  if (start >= 0 && endMark > quote && quote > at && at > start && page.indexOf(START, start + 1) < 0) {
    const defaults = parseDefaults(page.toString('utf8', at + DEFAULTS.length, quote));
    if (defaults) slot = { start, end: endMark + END.length, defaults };
  }
  slots.set(page, slot);
  return slot;
}

/**
 * `page` (a calculator's page as Next rendered it, or as filled for another query) with its slot
 * filled for `query`; everything else byte for byte. Null when the page holds no slot: then it
 * is not the page this was made for, and the caller must not guess.
 */
export function pageForQuery(page: Buffer, id: CalculatorId, query: URLSearchParams): Buffer | null {
  const slot = slotOf(page);
  if (!slot) return null;
  const { parsed, setup } = calculatorSetupFrom(id, query, slot.defaults);
  const status = query.get(ESTIMATE_STATUS_PARAM);
  const body = calculatorBody(id, parsed, setup, {
    estimateStatus: isEstimateStatus(status) ? status : null,
    live: true,
    actions: true,
  });
  const filled = Buffer.from(bodySlot(slot.defaults, toHtml(body)));
  return Buffer.concat([page.subarray(0, slot.start), filled, page.subarray(slot.end)]);
}
