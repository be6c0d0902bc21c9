import { adminEntitySchema, type AdminEntity, type EntityKind } from '@aduro/shared/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type EntityFilter = 'all' | EntityKind;

export const entitiesQueryKey = (filter: EntityFilter) => ['admin', 'entities', filter] as const;

const entitiesSchema = z.array(adminEntitySchema);

/** GET /admin/entities?kind=: customers and suppliers, for review. */
export function getEntities(filter: EntityFilter, signal?: AbortSignal): Promise<AdminEntity[]> {
  const query = filter === 'all' ? '' : `?kind=${filter}`;
  return apiRequest(`/admin/entities${query}`, { schema: entitiesSchema, signal });
}

/** The previous filter's rows stay on screen while the next load, so the list never jumps. */
export function useEntities(filter: EntityFilter) {
  return useQuery({
    queryKey: entitiesQueryKey(filter),
    queryFn: ({ signal }) => getEntities(filter, signal),
    placeholderData: keepPreviousData,
  });
}
