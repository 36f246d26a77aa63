// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rate } from '@/lib/rates/types';

/**
 * A rate row saves as each field is left, so saves overlap: leaving the next field saves again
 * before the last answer is back. The server action is replaced by answers the test releases in
 * the order it chooses, which only a stand-in can do on demand.
 */
type Answer = { ok: true; data: Rate } | { ok: false; error: string; fieldErrors?: Record<string, string> };
const pending: { input: Record<string, string>; answer: (value: Answer) => void }[] = [];
vi.mock('@/lib/rates/actions/rates', () => ({
  updateRateAction: (input: Record<string, string>) =>
    new Promise<Answer>((answer) => {
      pending.push({ input, answer });
    }),
}));

const { RateRow } = await import('./rate-row');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const stored = {
  id: 'rate-residential',
  type: 'Residential',
  rate: '6.75%',
  apr: '7.20%',
  rateKind: 'fixed',
  term: '12-18 months',
  notes: '',
  icon: 'Building',
} as unknown as Rate;

function renderRow() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() =>
    root.render(<RateRow rate={stored} first last disabled={false} onDelete={() => {}} onMove={() => {}} onSaved={() => {}} />),
  );
  const field = (label: string) => {
    const id = [...host.querySelectorAll('label')].find((l) => l.textContent === label)!.htmlFor;
    return host.querySelector<HTMLInputElement>(`#${id}`)!;
  };
  const type = (input: HTMLInputElement, value: string) =>
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const leave = (input: HTMLInputElement) => act(() => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  const status = () => host.querySelector('[role="status"]')!.textContent;
  return { host, root, field, type, leave, status };
}

afterEach(() => {
  pending.length = 0;
  document.body.innerHTML = '';
});

describe('a rate row whose saves overlap', () => {
  it('keeps a corrected field clear when the refusal of an older save arrives after the correction', async () => {
    const row = renderRow();
    const rate = row.field('Rate');
    row.type(rate, '31%');
    row.leave(rate);
    await act(async () =>
      pending
        .shift()!
        .answer({ ok: false, error: 'Some fields need attention.', fieldErrors: { rate: 'Rate must be between 0% and 30%.' } }),
    );
    expect(rate.getAttribute('aria-invalid')).toBe('true');

    // Back into the field: leaving Term saves the row again, still with 31%.
    row.leave(row.field('Term'));
    expect(pending.map((save) => save.input.rate)).toEqual(['31%']);
    // The owner corrects it and leaves: the row is as stored again, nothing to save.
    row.type(rate, '6.75%');
    row.leave(rate);
    expect(row.status()).toBe('Saved.');

    // The older save's refusal comes back last.
    await act(async () =>
      pending
        .shift()!
        .answer({ ok: false, error: 'Some fields need attention.', fieldErrors: { rate: 'Rate must be between 0% and 30%.' } }),
    );
    expect(row.status()).toBe('Saved.');
    expect(rate.getAttribute('aria-invalid')).toBeNull();
    expect(row.host.textContent).not.toContain('Rate must be between');
    act(() => row.root.unmount());
  });
});
