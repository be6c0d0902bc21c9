import type { AdminEntity, EntityKind } from '@aduro/shared/admin';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findEntity, findLicence, listEntities, setEntityActive } from './admin.repository.ts';

type EntityRow = Awaited<ReturnType<typeof listEntities>>[number];

function toEntity(row: EntityRow): AdminEntity {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as EntityKind,
    users: row.users,
    isActive: row.isActive,
    paymentTerms: row.paymentTerms,
    location: row.location,
    phone: row.phone,
    supplierCategory: row.supplierCategory,
    hasLicence: row.licenceStorageKey !== null,
    licenceFileName: row.licenceFileName,
    createdAt: row.createdAt.toISOString(),
  };
}

const ENTITY_NOT_FOUND = 'Organisation not found';

/** Organisations for review, optionally of one kind. */
export async function getEntities(db: Db, kind?: EntityKind): Promise<AdminEntity[]> {
  return (await listEntities(db, kind)).map(toEntity);
}

/** Activates or deactivates an organisation; takes effect on the next request anywhere. */
export async function toggleEntity(db: Db, id: string, active: boolean): Promise<AdminEntity> {
  return db.transaction(async (tx) => {
    if (!(await setEntityActive(tx, id, active))) throw notFound(ENTITY_NOT_FOUND);
    const row = await findEntity(tx, id);
    if (!row) throw notFound(ENTITY_NOT_FOUND);
    return toEntity(row);
  });
}

/** Where an organisation's licence is stored, for platform review. */
export async function getLicence(db: Db, id: string) {
  const licence = await findLicence(db, id);
  if (!licence) throw notFound(ENTITY_NOT_FOUND);
  if (!licence.key) throw notFound('This organisation has not uploaded a licence');
  return { ...licence, key: licence.key };
}
