import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { clearToken } from '../../../lib/auth-token';

/** Forgets the token and every cached answer, so the next user of this browser sees none of it. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearToken();
    queryClient.clear();
    toast.success('Signed out');
    void navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
