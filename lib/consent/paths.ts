/**
 * The unsubscribe link's address, shared by the links the outbox puts in e-mails, the page that
 * opens them and the server's endpoint that takes their POSTs (server/unsubscribe-endpoint.ts).
 */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
/** The query parameter holding the link's token. */
export const TOKEN_PARAM = 't';
/** The body of a mail app's one-click unsubscribe (RFC 8058, section 3.2): exactly this field. */
export const ONE_CLICK = { name: 'List-Unsubscribe', value: 'One-Click' } as const;
/** A one-click POST is 26 bytes, the page's form a few more: room for multipart framing, no more. */
export const UNSUBSCRIBE_BODY_LIMIT = 4 * 1024;
