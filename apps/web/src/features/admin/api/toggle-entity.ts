import { adminEntitySchema, type AdminEntity, type ToggleEntityInput } from '@aduro/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';

export interface EntityToggle extends ToggleEntityInput {
  id: string;
}

/** PATCH /admin/entities/{id}/toggle, with the reason the organisation's admins and the trail are told. */
export function toggleEntity({ id, active, reason }: EntityToggle): Promise<AdminEntity> {
  return apiRequest(`/admin/entities/${id}/toggle`, {
    method: 'PATCH',
    body: { active, reason },
    schema: adminEntitySchema,
  });
}

export function useToggleEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'toggle'],
    mutationFn: toggleEntity,
    onSuccess: async (entity) => {
      toast.success(`${entity.name} ${entity.isActive ? 'activated' : 'deactivated'}`);
      // The counts of active suppliers and customers change with it.
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
