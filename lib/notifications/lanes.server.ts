import 'server-only';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { RecipientFilter } from './lanes';

export type { RecipientFilter };

/** Narrows a query of notifications to a lane's recipients (for `.$call`); the whole channel without a filter. */
export function ofRecipients(recipients?: RecipientFilter) {
  return <O>(query: SelectQueryBuilder<Database, 'notifications', O>): SelectQueryBuilder<Database, 'notifications', O> => {
    if (!recipients) return query;
    return 'only' in recipients
      ? query.where('recipient', 'in', [...recipients.only])
      : query.where('recipient', 'not in', [...recipients.except]);
  };
}
