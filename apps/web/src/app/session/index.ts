export { SessionProvider } from './SessionProvider';
export { RequireAuth, loginPathFor } from './RequireAuth';
export { useSession, type AuthPayload, type SessionUser, type SessionStatus } from './session';
