import { z } from 'zod';
import { DEFAULT_ADMIN_PASSWORD, newPasswordProblem, PASSWORD_MAX_LENGTH } from './policy';

/**
 * 'Choose your password' (issue 28): where a sign-in with the built-in default password goes
 * first. The default is printed on /login (the spec's hint), so until the owner replaces it no
 * other admin page, action or route opens (lib/admin/admission.server.ts).
 */
export const CHOOSE_PASSWORD_PATH = '/admin/choose-password';

export const choosePasswordSchema = z
  .object({
    newPassword: z.string().max(PASSWORD_MAX_LENGTH + 1),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH + 1),
  })
  .superRefine((v, ctx) => {
    if (!v.newPassword || !v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'Please fill out both password fields.' });
      return;
    }
    const problem = newPasswordProblem(v.newPassword, v.confirmPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    else if (v.newPassword === DEFAULT_ADMIN_PASSWORD)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'Choose a password other than the default.' });
  });
