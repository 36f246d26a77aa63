import { describe, expect, it } from 'vitest';
import { ViewMetrics } from './view-metrics';

describe("a page view's metrics", () => {
  it('go out once, then only what changed', () => {
    const view = new ViewMetrics();
    expect(view.unsent()).toBeNull();
    view.set('TTFB', 120);
    view.set('FCP', 800);
    view.set('CLS', 0);
    const first = view.unsent();
    expect(first).toEqual({ TTFB: 120, FCP: 800, CLS: 0 });
    view.markSent(first!);
    // Hidden again with nothing new: no beacon.
    expect(view.unsent()).toBeNull();
    // Shown again, a tap and a shift later, hidden again: only those two.
    view.set('INP', 180);
    view.set('CLS', 0.04);
    view.set('FCP', 800);
    expect(view.unsent()).toEqual({ INP: 180, CLS: 0.04 });
  });

  it('keeps what a refused beacon carried for the next one', () => {
    const view = new ViewMetrics();
    view.set('LCP', 1500);
    expect(view.unsent()).toEqual({ LCP: 1500 });
    // sendBeacon returned false (its queue was full): nothing is marked sent.
    view.set('INP', 90);
    expect(view.unsent()).toEqual({ LCP: 1500, INP: 90 });
  });
});
