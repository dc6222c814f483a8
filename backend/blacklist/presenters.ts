import type { BlacklistEntryDto } from '../../common/blacklist';
import type { BlacklistEntry } from '../models';

/** An entry for staff: a card's hash never leaves the server, only its last four digits. */
export function presentBlacklistEntry(entry: BlacklistEntry): BlacklistEntryDto {
  return {
    id: entry.id,
    kind: entry.kind,
    value: entry.kind === 'card' ? null : entry.value,
    last4: entry.last4,
    action: entry.action,
    reason: entry.reason,
    createdById: entry.createdById,
    createdAt: entry.createdAt.toISOString(),
  };
}
