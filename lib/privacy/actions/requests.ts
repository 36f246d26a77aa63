'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { logger } from '../../log.server';
import { deletePersonData } from '../delete.server';
import { personEmailSchema } from '../email-match';
import { exportPersonData } from '../export.server';
import { deletedRows, touchedRows as total } from '../counts';
import { countRecords, findPersonRecords } from '../find.server';

/**
 * Security › 'Privacy requests' (owner only). The activity log records each answer with counts
 * only: never the address, or the log would be one more table holding it.
 */

const byEmail = z.object({ email: personEmailSchema });
const options = {
  permission: 'security',
  invalid: (fieldErrors: Record<string, string>) =>
    fail('❌ Check the E-mail Address', fieldErrors.email ?? 'Enter the e-mail address of the request.', fieldErrors),
} as const;

/** 'Export this person's data': the JSON file's name and text, for the browser to save. */
export const exportPersonDataAction = adminAction(
  byEmail,
  async ({ email }, { db, log }) => {
    const data = await exportPersonData(db, email);
    await log({ action: 'privacy_exported', detail: { ...data.counts } });
    const day = data.exportedAt.slice(0, 10);
    return succeed({
      title: '✅ Data Exported',
      message: deletedRows(data.counts)
        ? 'The file holds every record of this e-mail address.'
        : 'No record of this e-mail address is stored.',
      data: { fileName: `privacy-export-${day}.json`, json: JSON.stringify(data, null, 2) },
    });
  },
  { ...options, stepUp: true },
);

/** What 'Delete this person's data' would remove, for its confirmation. */
export const previewPersonDeletionAction = adminAction(
  byEmail,
  async ({ email }, { db }) => {
    const counts = countRecords(await findPersonRecords(db, email));
    return succeed({ title: 'Ready to Delete', data: { email, counts, total: total(counts) } });
  },
  options,
);

export const deletePersonDataAction = adminAction(
  byEmail,
  async ({ email }, { db, log }) => {
    const counts = await deletePersonData(db, email, (trx, deleted) =>
      log({ action: 'privacy_deleted', detail: { ...deleted } }, trx),
    );
    logger.info({ event: 'admin.privacy_deleted', ...counts }, "A person's data was deleted");
    return succeed({
      title: '🗑️ Data Deleted',
      message: total(counts) ? 'Every record of this e-mail address was deleted.' : 'No record held this e-mail address.',
      data: { counts, total: total(counts) },
    });
  },
  { ...options, stepUp: true },
);
