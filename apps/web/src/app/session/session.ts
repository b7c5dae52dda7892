import { createContext, useContext } from 'react';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: { name: string; display_name: string } | null;
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** What login and register answer with (ARCHITECTURE.md §4, `AuthPayload`). */
export interface AuthPayload {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  user: SessionUser;
}

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  signIn: (payload: AuthPayload, options: { rememberMe: boolean }) => void;
  signOut: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
