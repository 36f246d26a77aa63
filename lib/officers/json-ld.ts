import { stateName } from '../licenses/us-states';
import { nmlsIndividualUrl } from '../site/nav';
import type { OfficerProfile } from './types';

/**
 * Structured data of the team pages (schema.org): each officer a Person who works for the
 * company's FinancialService, both with their NMLS ID as an identifier, so a search engine ties
 * the officer, the company and their registrations together.
 */

export interface JsonLdCompany {
  legalName: string;
  nmlsId: string;
  siteUrl: string;
}

const nmls = (value: string) => ({ '@type': 'PropertyValue', propertyID: 'NMLS', value });

export function companyJsonLd(company: JsonLdCompany) {
  return { '@type': 'FinancialService', name: company.legalName, url: company.siteUrl, identifier: nmls(company.nmlsId) };
}

export function personJsonLd(officer: OfficerProfile, company: JsonLdCompany) {
  return {
    '@type': 'Person',
    name: officer.displayName,
    ...(officer.title ? { jobTitle: officer.title } : {}),
    url: `${company.siteUrl}/team/${officer.slug}`,
    ...(officer.photo ? { image: `${company.siteUrl}${officer.photo.url}` } : {}),
    ...(officer.phone ? { telephone: officer.phone } : {}),
    identifier: nmls(officer.nmlsId),
    // Their record at NMLS Consumer Access: the registry that vouches for the identifier.
    sameAs: nmlsIndividualUrl(officer.nmlsId),
    ...(officer.languages.length > 0 ? { knowsLanguage: officer.languages } : {}),
    ...(officer.states.length > 0
      ? { areaServed: officer.states.map((state) => ({ '@type': 'State', name: stateName(state) })) }
      : {}),
    worksFor: companyJsonLd(company),
  };
}

/** /team: the company with its officers. */
export function teamJsonLd(officers: OfficerProfile[], company: JsonLdCompany) {
  return {
    '@context': 'https://schema.org',
    ...companyJsonLd(company),
    employee: officers.map((officer) => {
      const { worksFor: _company, ...person } = personJsonLd(officer, company);
      return person;
    }),
  };
}

/** /team/<slug>: the officer. */
export function profileJsonLd(officer: OfficerProfile, company: JsonLdCompany) {
  return { '@context': 'https://schema.org', ...personJsonLd(officer, company) };
}
