import { controlledRegisterSchema, type ControlledRegisterEntry } from '@aduro/shared/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The register is read per organisation: a supplier's own entries, the platform's every one. */
export const controlledRegisterKey = (orgId: string | null) => ['controlled-register', orgId] as const;

/** GET /controlled-register: the caller's register entries, newest first. */
export async function getControlledRegister(signal?: AbortSignal): Promise<ControlledRegisterEntry[]> {
  const { entries } = await apiRequest('/controlled-register', { schema: controlledRegisterSchema, signal });
  return entries;
}

export const controlledRegisterQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: controlledRegisterKey(orgId),
    queryFn: ({ signal }) => getControlledRegister(signal),
  });

export function useControlledRegister(orgId: string | null) {
  return useQuery(controlledRegisterQueryOptions(orgId));
}
