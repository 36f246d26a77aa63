/**
 * The fields of a lead kept readable in the database: those that name or reach the person (the
 * admin searches them, a privacy request finds a person by them) and the form's choices. Every
 * other field is sealed at rest (./sealed-fields.server.ts): income, bills, assets, the credit
 * score, amounts, the employer, a calculator's numbers, free-text descriptions of the project.
 * The list names what stays plain, not what is sealed, so a field added to a form later is sealed
 * until someone decides otherwise (issue 30, FTC Safeguards Rule 16 CFR 314.4(c)(3)).
 */
export const PLAIN_FIELDS: ReadonlySet<string> = new Set([
  // Who: the application's, the contact form's, the qualification's and the short forms' names.
  'borrowerName',
  'from_name',
  'firstName',
  'lastName',
  'name',
  // How to reach them.
  'email',
  'from_email',
  'phone',
  'propertyAddress',
  'borrowerAddress',
  // The property's state: no figure, and routing and the Leads filters read it (issue 31).
  'propertyState',
  // A contact message: a privacy request finds other people's e-mail addresses named in it.
  'message',
  // The form's choices, none of them a figure.
  'ownLand',
  'needLandLoan',
  'builderStatus',
  'loanType',
  'projectType',
  'calculator',
]);

export const isPlainField = (name: string): boolean => PLAIN_FIELDS.has(name);
