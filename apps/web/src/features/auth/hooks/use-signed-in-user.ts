import type { SessionUser } from '@aduro/shared/auth';
import { useSession } from './use-session';

/** The session user inside screens that RequireAccess guards; anywhere else it is a programming error. */
export function useSignedInUser(): SessionUser {
  const session = useSession();
  if (!session.user) throw new Error('useSignedInUser is only for screens behind RequireAccess');
  return session.user;
}
