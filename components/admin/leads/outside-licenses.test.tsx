import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LeadPropertyState } from './lead-property-state';
import { OutsideLicensesBadge } from './outside-licenses-badge';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('<!-- -->', '');

describe('the "Outside our licenses" marker', () => {
  it('names the state, or stands alone for a code no longer in the list', () => {
    expect(text(renderToStaticMarkup(<OutsideLicensesBadge state="NV" />))).toBe('Outside our licenses: Nevada');
    expect(text(renderToStaticMarkup(<OutsideLicensesBadge state="XX" />))).toBe('Outside our licenses');
  });

  it("tells the dialog's reader the state, and what an outside lead asks of the owner", () => {
    expect(renderToStaticMarkup(<LeadPropertyState lead={{ propertyState: null, outsideLicenses: false }} />)).toBe('');
    expect(text(renderToStaticMarkup(<LeadPropertyState lead={{ propertyState: 'TX', outsideLicenses: false }} />))).toBe(
      'Property state: Texas.',
    );
    const outside = text(renderToStaticMarkup(<LeadPropertyState lead={{ propertyState: 'NV', outsideLicenses: true }} />));
    expect(outside).toContain('Property state: Nevada, where we hold no license.');
    expect(outside).toContain('assigned to the owner, who decides');
  });
});
