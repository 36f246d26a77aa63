import { describe, expect, it } from 'vitest';
import { profileJsonLd, teamJsonLd } from './json-ld';
import type { OfficerProfile } from './types';

const company = { legalName: 'Construction Loan Pros', nmlsId: '1234567', siteUrl: 'https://loans.example' };
const jane: OfficerProfile = {
  accountId: 'u1',
  slug: 'jane-doe',
  displayName: 'Jane Doe',
  title: 'Senior Loan Officer',
  nmlsId: '654321',
  states: ['ID', 'TX'],
  languages: ['English', 'Spanish'],
  phone: '',
  bio: '',
  photo: { id: 'p', url: '/media/p.webp' },
  published: true,
  away: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the team pages’ structured data', () => {
  it('makes a profile a Person with its NMLS ID, working for the company with its own', () => {
    expect(profileJsonLd(jane, company)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Jane Doe',
      jobTitle: 'Senior Loan Officer',
      url: 'https://loans.example/team/jane-doe',
      image: 'https://loans.example/media/p.webp',
      identifier: { '@type': 'PropertyValue', propertyID: 'NMLS', value: '654321' },
      sameAs: 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/654321',
      knowsLanguage: ['English', 'Spanish'],
      areaServed: [
        { '@type': 'State', name: 'Idaho' },
        { '@type': 'State', name: 'Texas' },
      ],
      worksFor: {
        '@type': 'FinancialService',
        name: 'Construction Loan Pros',
        url: 'https://loans.example',
        identifier: { '@type': 'PropertyValue', propertyID: 'NMLS', value: '1234567' },
      },
    });
  });

  it('makes /team the company with its officers as employees', () => {
    const data = teamJsonLd([{ ...jane, title: '', photo: null, languages: [], states: [] }], company);
    expect(data).toMatchObject({ '@type': 'FinancialService', name: 'Construction Loan Pros' });
    expect(data.employee).toEqual([
      {
        '@type': 'Person',
        name: 'Jane Doe',
        url: 'https://loans.example/team/jane-doe',
        identifier: { '@type': 'PropertyValue', propertyID: 'NMLS', value: '654321' },
        sameAs: 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/654321',
      },
    ]);
  });
});
