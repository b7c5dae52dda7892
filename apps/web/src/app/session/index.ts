export { SessionProvider } from './SessionProvider';
export { RequireAuth } from './RequireAuth';
export { isPublicPath, loginPathFor, setSessionNavigator } from './session-manager';
export { useSession, type AuthPayload, type SessionUser, type SessionStatus } from './session';
