import { z } from 'zod';
import { FIXED_MILESTONES, type MilestoneNames } from './milestones';
import { NEED_TEMPLATES, type NeedOverrides, type NeedTemplate } from './needs-list';
import { MAX_LABEL, MAX_NOTE, milestoneField, needField } from './template-fields';

export { MAX_LABEL, MAX_NOTE, milestoneField, needField };

/**
 * The owner's edits of the needs list's templates and the milestones' names (issue 30, points 2
 * and 7), shared by the settings page, its action and the store. Only what differs from the code
 * is kept, so a template the owner never touched follows the code's wording when it changes.
 * Files already opened keep their items: each item stores its own label and note.
 */

const labelError = `Enter a name of 1 to ${MAX_LABEL} characters.`;
const noteError = `Enter at most ${MAX_NOTE} characters.`;
const label = z.string().trim().min(1, { error: labelError }).max(MAX_LABEL, { error: labelError });
const note = z.string().trim().max(MAX_NOTE, { error: noteError });

export interface TemplateOverrides {
  needs: NeedOverrides;
  milestones: MilestoneNames;
}

export const NO_OVERRIDES: TemplateOverrides = { needs: {}, milestones: {} };

/** The JSON in app_meta. */
export const storedOverridesSchema = z.object({
  needs: z.record(z.string(), z.object({ label, note, off: z.boolean() })),
  milestones: z.record(z.string(), z.object({ label, description: note })),
});

/** Every template once, in the needs list's order (the settings page lists them so). */
export function allNeedTemplates(): NeedTemplate[] {
  return Object.values(NEED_TEMPLATES).flat();
}

/** The form's field names, flat so each error sits beside its input. */

/** The settings form: every template's label, note and 'asked for' box, every stage's names. */
export const templatesFormSchema = z
  .object(
    Object.fromEntries([
      ...allNeedTemplates().flatMap((t) => [
        [needField(t.key, 'label'), label],
        [needField(t.key, 'note'), note],
        // A checkbox: 'on' when ticked, absent when not.
        [needField(t.key, 'on'), z.literal('on').optional()],
      ]),
      ...FIXED_MILESTONES.flatMap((m) => [
        [milestoneField(m.key, 'label'), label],
        [milestoneField(m.key, 'description'), note],
      ]),
    ]) as Record<string, z.ZodType<string | undefined>>,
  )
  .transform((fields): TemplateOverrides => overridesFromFields(fields));

/** The fields as overrides, keeping only what differs from the code. */
function overridesFromFields(fields: Record<string, string | undefined>): TemplateOverrides {
  const needs: Record<string, { label: string; note: string; off: boolean }> = {};
  for (const t of allNeedTemplates()) {
    const edit = {
      label: fields[needField(t.key, 'label')] ?? t.label,
      note: fields[needField(t.key, 'note')] ?? t.note,
      off: fields[needField(t.key, 'on')] !== 'on',
    };
    if (edit.off || edit.label !== t.label || edit.note !== t.note) needs[t.key] = edit;
  }
  const milestones: Record<string, { label: string; description: string }> = {};
  for (const m of FIXED_MILESTONES) {
    const edit = {
      label: fields[milestoneField(m.key, 'label')] ?? m.label,
      description: fields[milestoneField(m.key, 'description')] ?? m.description,
    };
    if (edit.label !== m.label || edit.description !== m.description) milestones[m.key] = edit;
  }
  return { needs, milestones };
}

/** How many templates and stages the overrides change, for the action's message and log. */
export function changedCount(overrides: TemplateOverrides): number {
  return Object.keys(overrides.needs).length + Object.keys(overrides.milestones).length;
}
