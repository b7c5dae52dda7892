import type { FastifyRequest } from 'fastify';
import { Viewer } from '../graphql/viewer';

export type ViewerResolver = (req: FastifyRequest) => Promise<Viewer>;

/** Until accounts exist every caller is anonymous; the accounts feature replaces this resolver. */
export const anonymousViewer: ViewerResolver = async () => Viewer.anonymous();
