import { z } from 'zod';
import { newPasswordProblem, PASSWORD_MAX_LENGTH } from '../auth/policy';
import { ROLES } from '../auth/roles';

/**
 * The Team section's forms and the invitation page's, one schema each, shared by the form and the
 * action that receives it.
 */

/** How long an invitation link works. */
export const INVITE_VALID_HOURS = 72;

/** What an unknown, used or expired invitation link shows. */
export const INVITE_GONE = 'This invitation has expired or was already used.';

const accountId = z.string().trim().min(1).max(32);

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: 'Enter the e-mail address to send the invitation to.' })
    .max(254, { error: 'That e-mail address is too long.' })
    .pipe(z.email({ error: 'Enter a valid e-mail address, like name@example.com.' })),
  role: z.enum(ROLES, { error: 'Choose a role.' }),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const inviteIdSchema = z.object({ id: accountId });
export const accountIdSchema = z.object({ id: accountId });
export const roleChangeSchema = z.object({ id: accountId, role: z.enum(ROLES, { error: 'Choose a role.' }) });

/** The invitation page's form: the invitee's name and first password. */
export const acceptInviteSchema = z
  .object({
    token: z.string().min(1).max(100),
    name: z
      .string()
      .trim()
      .min(1, { error: 'Enter your name.' })
      .max(100, { error: 'The name can be at most 100 characters long.' }),
    newPassword: z.string().max(PASSWORD_MAX_LENGTH + 1),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH + 1),
  })
  .superRefine((v, ctx) => {
    const problem = newPasswordProblem(v.newPassword, v.confirmPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
