import { attributionCookieNotice, defaultAutoReply, defaultCalculatorSettings, defaultExampleLoan } from './defaults';
import { contentSchema, type SiteContent } from './schema';

/**
 * The stored content is one JSON document with a schema version. A document written by an older
 * release is upgraded step by step; one from a newer release (or a corrupt version number) is
 * refused loudly at start-up, because guessing would silently drop the owner's edits.
 */

export const CONTENT_VERSION = 4;

type Upgrade = (document: unknown) => unknown;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `upgrades[n]` turns a version-n document into a version n+1 document. */
export const contentUpgrades: Record<number, Upgrade> = {
  // 2: the rates page's representative example (Regulation Z, 12 CFR 1026.24(d)) starts from
  // the default loan; the owner's other texts are kept as they are.
  1: (document) =>
    isRecord(document) && isRecord(document.rates)
      ? { ...document, rates: { ...document.rates, example: document.rates.example ?? defaultExampleLoan } }
      : document,
  // 3 (issue 18): the visitor's auto-reply, and the privacy notice's section on the attribution
  // cookie the site now sets (after 'What we collect' when the owner kept that section).
  2: (document) =>
    isRecord(document) ? withAttributionNotice({ ...document, autoReply: document.autoReply ?? defaultAutoReply }) : document,
  // 4 (issue 19): the calculators' lender limits and assumed fees, editable by the owner.
  3: (document) =>
    isRecord(document) ? { ...document, calculators: document.calculators ?? defaultCalculatorSettings } : document,
};

function withAttributionNotice(document: Record<string, unknown>): Record<string, unknown> {
  const legal = document.legal;
  if (!isRecord(legal) || !isRecord(legal.privacy) || !Array.isArray(legal.privacy.sections)) return document;
  const sections = legal.privacy.sections as unknown[];
  const heading = (s: unknown) => (isRecord(s) ? s.heading : undefined);
  if (sections.some((s) => heading(s) === attributionCookieNotice.heading)) return document;
  const after = sections.findIndex((s) => heading(s) === 'What we collect');
  const at = after === -1 ? sections.length : after + 1;
  const next = [...sections.slice(0, at), attributionCookieNotice, ...sections.slice(at)];
  return { ...document, legal: { ...legal, privacy: { ...legal.privacy, sections: next } } };
}

export class ContentVersionError extends Error {
  override name = 'ContentVersionError';
}

export class ContentValidationError extends Error {
  override name = 'ContentValidationError';
}

export function upgradeContent(
  version: number,
  document: unknown,
  upgrades = contentUpgrades,
  current = CONTENT_VERSION,
): unknown {
  if (!Number.isInteger(version) || version < 1 || version > current) {
    throw new ContentVersionError(
      `Site content is stored as version ${String(version)}, but this release understands versions 1 to ${current}. ` +
        'Deploy the release that wrote it, or restore a backup of the database.',
    );
  }
  let doc = document;
  for (let v = version; v < current; v++) {
    const step = upgrades[v];
    if (!step) {
      throw new ContentVersionError(`Site content is stored as version ${v} and no migration to version ${v + 1} exists.`);
    }
    doc = step(doc);
  }
  return doc;
}

/** Parses a stored document of any known version into current, valid content. */
export function readContentDocument(version: number, json: string): SiteContent {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new ContentValidationError('Stored site content is not valid JSON.', { cause: error });
  }
  const result = contentSchema.safeParse(upgradeContent(version, raw));
  if (!result.success) {
    const where = result.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.')}: ${i.message}`)
      .join('; ');
    throw new ContentValidationError(`Stored site content does not match the content schema (${where}).`);
  }
  return result.data;
}
