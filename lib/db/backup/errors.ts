/**
 * A backup or restore that cannot go on, with a message for the operator (what is wrong and what
 * to do). The command-line tools print it and exit non-zero; anything else is a bug and shows its
 * stack.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}
