import { describe, expect, it } from 'vitest';
import { BUILT_CALCULATORS } from '../catalog';
import { toHtml } from '../markup/html';
import { calculatorPageSetup } from '../page-setup';
import { CALCULATORS, FALLBACK_DEFAULTS, type CalculatorId } from '../registry';
import { calculatorBody } from './body';
import { bodySlot, pageForQuery } from './query-page';

const frame = (id: CalculatorId, slot = bodySlot(CALCULATORS[id].defaults(FALLBACK_DEFAULTS))) =>
  Buffer.from(`<html><body><h1>frame</h1>${slot}<script>self.__next_f.push([1,"payload"])</script></body></html>`);

/** What the page holds between the frame's two halves. */
const filling = (page: Buffer) =>
  page
    .toString()
    .slice('<html><body><h1>frame</h1>'.length, -'<script>self.__next_f.push([1,"payload"])</script></body></html>'.length);

describe('filling a calculator page’s slot', () => {
  it('writes the body the server renders for the same query, and leaves the frame byte for byte', () => {
    for (const id of BUILT_CALCULATORS)
      for (const query of [
        '',
        'amount=250000&rate=7.125&years=15&months=9&draw=custom&draws=1000,2000&land=buying',
        'amount=abc&years=99',
      ]) {
        const { parsed, setup } = calculatorPageSetup(id, new URLSearchParams(query), FALLBACK_DEFAULTS);
        const expected = toHtml(calculatorBody(id, parsed, setup, { estimateStatus: null, live: true, actions: true }));
        const filled = pageForQuery(frame(id), id, new URLSearchParams(query))!;
        expect(filling(filled), `${id} ?${query}`).toBe(bodySlot(setup.start, expected));
      }
  });

  it('fills a page filled before (the one everyone shares) exactly as the empty one', () => {
    const id = 'construction-interest';
    const everyones = pageForQuery(frame(id), id, new URLSearchParams())!;
    const query = new URLSearchParams('amount=90000&months=6&estimate-sent=invalid');
    expect(pageForQuery(everyones, id, query)!.equals(pageForQuery(frame(id), id, query)!)).toBe(true);
    expect(pageForQuery(everyones, id, query)!.toString()).toContain('role="alert"');
  });

  it('reads the defaults the page names, not the built-in ones', () => {
    const id = 'construction-to-permanent';
    const page = frame(id, bodySlot({ ...CALCULATORS[id].defaults(FALLBACK_DEFAULTS), rate: '5.5' }));
    expect(pageForQuery(page, id, new URLSearchParams('amount=400000'))!.toString()).toContain('value="5.5"');
  });

  it('refuses a page without exactly one slot holding its defaults', () => {
    const id = 'maximum-loan';
    const slot = bodySlot(CALCULATORS[id].defaults(FALLBACK_DEFAULTS));
    const query = new URLSearchParams('cost=1');
    expect(pageForQuery(Buffer.from('<p>no slot</p>'), id, query)).toBeNull();
    expect(pageForQuery(frame(id, slot + slot), id, query)).toBeNull();
    expect(pageForQuery(frame(id, slot.replace(/data-calc-start="[^"]*"/, 'data-calc-start="{oops"')), id, query)).toBeNull();
  });
});
