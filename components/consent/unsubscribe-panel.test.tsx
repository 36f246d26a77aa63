import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UnsubscribePanel } from './unsubscribe-panel';

/** The unsubscribe page's panel as the server renders it: plain forms, no script needed. */

const contact = { company: 'Construction Loan Pros LLC', email: 'hello@loans.example', phone: '(208) 555-0100' };
const token = 'ZW1haWw6amFuZUBleGFtcGxlLmNvbQ.abc_-';

describe('the unsubscribe panel', () => {
  it('offers Unsubscribe as a plain form posted to the link itself', () => {
    const html = renderToStaticMarkup(
      <UnsubscribePanel token={token} state={{ address: 'jane@example.com', withdrawal: null }} done={null} contact={contact} />,
    );
    expect(html).toContain('Stop our e-mails?');
    expect(html).toContain('<strong>jane@example.com</strong>');
    expect(html).toContain(`<form action="/unsubscribe?t=${token}" method="post">`);
    expect(html).toContain('<input type="hidden" name="step" value="unsubscribe"/>');
  });

  it('says since when an address is unsubscribed, and offers Subscribe again', () => {
    const html = renderToStaticMarkup(
      <UnsubscribePanel
        token={token}
        state={{ address: 'jane@example.com', withdrawal: { source: 'list-unsubscribe-post', at: '2026-11-27T10:00:00.000Z' } }}
        done="unsubscribe"
        contact={contact}
      />,
    );
    expect(html).toContain('You are unsubscribed');
    expect(html).toContain('Since November 27, 2026');
    expect(html).toContain('value="resubscribe"');
    expect(html).toContain('Done.');
  });

  it('tells how else to opt out when the link does not open', () => {
    const html = renderToStaticMarkup(<UnsubscribePanel token="x" state={null} done={null} contact={contact} />);
    expect(html).toContain('This unsubscribe link does not work');
    expect(html).toContain('mailto:hello@loans.example');
    expect(html).not.toContain('<form');
  });
});
