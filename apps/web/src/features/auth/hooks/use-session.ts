import type { SessionUser } from '@aduro/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { useAuthToken } from '../../../lib/auth-token';
import { meQueryOptions } from '../api/get-me';

export type Session =
  | { status: 'signed-out'; user: undefined }
  | { status: 'checking'; user: undefined }
  | { status: 'signed-in'; user: SessionUser };

/** Who is signed in: nobody without a token, 'checking' while /auth/me answers, else that user. */
export function useSession(): Session {
  const token = useAuthToken();
  const me = useQuery({ ...meQueryOptions(), enabled: token !== null });
  if (token === null) return { status: 'signed-out', user: undefined };
  if (me.data) return { status: 'signed-in', user: me.data };
  if (me.isError) return { status: 'signed-out', user: undefined };
  return { status: 'checking', user: undefined };
}
