import { adminEntitySchema, type AdminEntity } from '@aduro/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';

export interface EntityToggle {
  id: string;
  active: boolean;
}

/** PATCH /admin/entities/{id}/toggle. */
export function toggleEntity({ id, active }: EntityToggle): Promise<AdminEntity> {
  return apiRequest(`/admin/entities/${id}/toggle`, {
    method: 'PATCH',
    body: { active },
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
