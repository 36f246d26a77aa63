/**
 * What a loan file's writes refuse, for the actions to turn into a message: a file or item that
 * is not there ('not-found'), input out of bounds ('invalid'), or a change the item's state does
 * not allow ('conflict'). Nothing is changed when one is thrown.
 */
export type LoanFileErrorCode = 'not-found' | 'invalid' | 'conflict';

export class LoanFileError extends Error {
  override name = 'LoanFileError';
  constructor(
    readonly code: LoanFileErrorCode,
    message: string,
  ) {
    super(message);
  }
}
