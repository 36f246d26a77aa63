/** The names the deferred boot of public pages (ADR 009) shares between server, page and browser. */

/**
 * Dispatched on window once React has hydrated a public page. The deferred boot script
 * (server/deferred-boot/boot-client.ts) waits for it to replay a click made before that moment;
 * the html element gets the matching attribute, which tests wait for.
 */
export const HYDRATED_EVENT = 'clp:hydrated';
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * A page that needs React as soon as it is shown (not at the first interaction) says so with this
 * meta tag; the server then leaves its scripts where Next put them.
 */
export const BOOT_AT_LOAD_META = { name: 'clp-boot', content: 'at-load' } as const;
