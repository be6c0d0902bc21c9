import type { AdminEntity } from '@aduro/shared/admin';
import { toCsv } from '../../../lib/csv';

export const ENTITIES_CSV_FILE = 'entities.csv';
/** SPEC §2: name, kind, users (their count), active, paymentTerms, in this order. */
export const ENTITIES_CSV_COLUMNS = ['name', 'kind', 'users', 'active', 'paymentTerms'] as const;

export function entitiesToCsv(entities: readonly AdminEntity[]): string {
  return toCsv(
    ENTITIES_CSV_COLUMNS,
    entities.map((entity) => ({
      name: entity.name,
      kind: entity.kind,
      users: entity.users.length,
      active: entity.isActive,
      paymentTerms: entity.paymentTerms,
    })),
  );
}
