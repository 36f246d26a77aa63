/** The names the deferred boot of public pages (ADR 009) shares between server, page and browser. */

/**
 * Dispatched on window once React has hydrated a public page. The deferred boot script
 * (lib/site/boot/start.ts) waits for it to replay a click made before that moment;
 * the html element gets the matching attribute, which tests wait for.
 */
export const HYDRATED_EVENT = 'clp:hydrated';
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * A page that needs React as soon as it is shown (not at the first interaction) says so with this
 * meta tag; the server then leaves its scripts where Next put them.
 */
/**
 * The sessionStorage key of the application's browser draft (components/leads/browser-draft.ts).
 * A page opened while one is kept boots at once, so the draft is back in the form before the
 * visitor looks for it; a first visit, with nothing kept, still waits for an interaction.
 */
export const BROWSER_DRAFT_KEY = 'clp.application-draft';

export const BOOT_AT_LOAD_META = { name: 'clp-boot', content: 'at-load' } as const;
