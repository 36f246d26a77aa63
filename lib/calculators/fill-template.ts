/**
 * Fills a sentence of lib/calculators/copy.ts ('{loan} less the {cash}') with figures. The words
 * come as props from the server page and only this line travels in the calculator's script.
 */
export const fillTemplate = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
