/**
 * Who reviews a submission. The flow (commands.ts) stores the files, asks the provider to begin,
 * and takes decisions through `decideKyc` whoever makes them — an operator for the manual review,
 * a provider's callback for an outside service — so one can be added without touching the flow.
 */
import type { Transaction } from 'sequelize';
import type { KycSubmission } from '../models';

export interface KycProvider {
  /** Stored in `kyc_submissions.provider`. */
  readonly name: string;
  /**
   * Called in the submission's transaction once its row exists: hand the files over (after the
   * commit, for an outside service) and answer the status it starts in.
   */
  begin(submission: KycSubmission, transaction: Transaction): Promise<'check'>;
}

/** The manual review: the submission waits in the operators' queue (console reviews, kind `kyc`). */
export const manualReview: KycProvider = {
  name: 'manual',
  async begin() {
    return 'check';
  },
};
