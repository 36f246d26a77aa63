import type { SigningOfficer } from './types';

/**
 * The sign-off of a message sent in a loan officer's name. Reg Z 1026.36(g) wants the loan
 * originator's name and NMLS ID on what they send, beside the company's, so the officer's lines
 * always end with the company's legal name and NMLS ID. Plain text lines: every e-mail of the
 * site is plain text.
 */

/** What the company signs with (the site content's `company`). */
export interface SignatureCompany {
  legalName: string;
  nmlsId: string;
}

export function officerSignature(officer: SigningOfficer, company: SignatureCompany): string[] {
  return [
    officer.title ? `${officer.displayName}, ${officer.title}` : officer.displayName,
    `NMLS ID ${officer.nmlsId}`,
    ...(officer.phone ? [`Direct: ${officer.phone}`] : []),
    `${company.legalName}, NMLS ID ${company.nmlsId}`,
  ];
}

/**
 * A message's text with the officer's sign-off after it, for messages that had none (the resume
 * link, the loan file's e-mails): unchanged without an officer.
 */
export function signedText(text: string, signature: string[] | null): string {
  if (!signature) return text;
  return `${text.replace(/\n+$/, '')}\n\n${signature.join('\n')}\n`;
}
