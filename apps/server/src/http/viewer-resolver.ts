import type { FastifyRequest } from 'fastify';
import { Viewer } from '../modules/access/viewer';
import type { AuthService } from '../modules/auth/auth.service';

export type ViewerResolver = (req: FastifyRequest) => Promise<Viewer>;

const BEARER = /^Bearer\s+(\S+)$/i;

/** The viewer behind `Authorization: Bearer <access token>`; anonymous without a valid one. */
export function bearerViewerResolver(auth: AuthService): ViewerResolver {
  const cache = new WeakMap<FastifyRequest, Promise<Viewer>>();
  return (req) => {
    let viewer = cache.get(req);
    if (!viewer) {
      viewer = resolve(auth, req.headers.authorization);
      cache.set(req, viewer);
    }
    return viewer;
  };
}

async function resolve(auth: AuthService, header: string | undefined): Promise<Viewer> {
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (!token) return Viewer.anonymous();
  const user = await auth.userForAccessToken(token);
  return user ? new Viewer({ id: user.id, role: user.role }) : Viewer.anonymous();
}
