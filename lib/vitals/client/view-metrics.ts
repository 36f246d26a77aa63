import type { MetricName } from '../metrics';

export type MetricValues = Partial<Record<MetricName, number>>;

/**
 * One page view's metrics as web-vitals reports them (every change), and what the last beacon
 * carried: each time the page is hidden only what is new or changed since goes out, so a page
 * hidden twice without anything changing sends one beacon, and a view shown again and hidden again
 * sends only the INP or CLS that grew meanwhile.
 */
export class ViewMetrics {
  private latest: MetricValues = {};
  private sent: MetricValues = {};

  set(name: MetricName, value: number): void {
    this.latest[name] = value;
  }

  /** The metrics not yet sent with their current value, or null when there are none. */
  unsent(): MetricValues | null {
    const changed: MetricValues = {};
    let any = false;
    for (const [name, value] of Object.entries(this.latest) as [MetricName, number][]) {
      if (this.sent[name] === value) continue;
      changed[name] = value;
      any = true;
    }
    return any ? changed : null;
  }

  /** Called once the browser has queued a beacon with these values. */
  markSent(values: MetricValues): void {
    Object.assign(this.sent, values);
  }
}
