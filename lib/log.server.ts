import 'server-only';
import pino from 'pino';

/** JSON-lines logger of the server. Never log a password, token or cookie. */
export const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
