// Every route module, registered in order by buildApp. A domain adds its module here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { healthRoutes } from './domains/health/routes.js';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

export const ROUTE_MODULES: RouteModule[] = [healthRoutes];
