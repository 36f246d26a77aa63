/**
 * The templates form's field names and bounds, apart from template-overrides.ts so the form's
 * client bundle carries only these: the overrides' module reaches the needs list and, through it,
 * the lead forms' schemas, which then split the public pages' chunks differently (bench:js).
 */
export const MAX_LABEL = 120;
export const MAX_NOTE = 500;

export const needField = (key: string, part: 'label' | 'note' | 'on') => `need.${key}.${part}`;
export const milestoneField = (key: string, part: 'label' | 'description') => `milestone.${key}.${part}`;
