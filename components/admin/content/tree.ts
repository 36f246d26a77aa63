/** Immutable updates of the content tree by path, and the labels and blanks the editor uses. */

export type Path = (string | number)[];

export function setAt<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string | number, ...Path];
  const node = root as unknown as Record<string | number, unknown>;
  const next = setAt(node[head], rest, value);
  if (Array.isArray(root)) return root.map((item, i) => (i === head ? next : item)) as T;
  const copy = { ...(root as object) } as Record<string | number, unknown>;
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy as T;
}

export const pathKey = (path: Path) => path.join('.');

const LABELS: Record<string, string> = {
  primaryButton: 'Primary Button Text',
  secondaryButton: 'Secondary Button Text',
  imageUrl: 'Image',
  imageAlt: 'Image Alt Text',
  nmlsId: 'NMLS ID',
  equalHousingStatement: 'Equal Housing Statement',
  priceSuffix: 'Price Suffix',
  buttonText: 'Button Text',
  cta: 'Apply Button Text',
  callButton: 'Call Button Text',
  tollFreePhone: 'Toll-free Phone',
  legalName: 'Legal Name',
  disclaimerTitle: 'Disclaimer Title',
  disclaimerText: 'Disclaimer Text',
  freePlan: 'Free Consultation Plan',
  body: 'Text',
  text: 'Text',
  example: 'Representative Example',
  loanAmount: 'Loan Amount ($)',
  downPaymentPercent: 'Down Payment (%)',
  termMonths: 'Term (monthly payments)',
  payments: 'Payments',
  enabled: 'Send auto-replies',
  paragraphs: 'Body Paragraphs',
  nextStep: 'Next Step',
  postalAddress: 'Postal Address',
  ltcPercent: 'Loan-to-cost Limit (%)',
  ltvPercent: 'Loan-to-value Limit (%)',
  pointsPercent: 'Points and Lender Fees (% of the loan)',
};

export function labelFor(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const LONG_FIELDS = new Set([
  'subtitle',
  'description',
  'text',
  'body',
  'disclaimerText',
  'equalHousingStatement',
  'title@hero',
  'nextStep',
  'paragraphs',
]);

export function isLongText(key: string, parentKey: string, value: string): boolean {
  return LONG_FIELDS.has(key) || LONG_FIELDS.has(`${key}@${parentKey}`) || value.length > 120;
}

const newId = () => Math.random().toString(36).slice(2, 10);

/** A new, empty list item shaped like the list's other items (spec: loan types, reviews, features...). */
export function blankItem(listKey: string, sample: unknown): unknown {
  switch (listKey) {
    case 'loans':
      return { id: `loan-${newId()}`, icon: 'Home', title: '', description: '', features: [] };
    case 'reviews':
      return { id: `review-${newId()}`, name: '', location: '', text: '', rating: 5 };
    case 'items':
      return { value: '', label: '' };
    case 'steps':
      return { title: '', description: '' };
    case 'sections':
      return { heading: '', body: '' };
  }
  if (typeof sample === 'object' && sample !== null && 'id' in sample && 'text' in sample)
    return { id: `feature-${newId()}`, text: '' };
  return '';
}

/** The short name of a list item, for its heading and its buttons' labels. */
export function itemName(item: unknown, index: number): string {
  if (typeof item === 'object' && item !== null) {
    const record = item as Record<string, unknown>;
    for (const key of ['name', 'title', 'heading', 'label', 'text']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.length > 40 ? `${value.slice(0, 40)}…` : value;
    }
  }
  return `Item ${index + 1}`;
}
