/** The largest form body accepted (the application form is under 30 KB at every field's maximum). */
export const FORM_BODY_LIMIT = 100 * 1024;
