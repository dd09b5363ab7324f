// /v1/projects/{project_id}/deployments and /aliases (spec 2.10, 9; docs/behaviour.md "Deployments
// and aliases"): read with project:read, builds and alias moves with deployment:update.
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../../routes.js';
import type { Actor } from '../../../shared/schemas/deployments.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams } from '../../../shared/schemas/api.js';
import { AliasBody, AliasList, AliasOut, AliasParams, BuildBody, DeploymentDiff, DeploymentList, DeploymentParams, DeploymentSchema, DiffQuery, RestoreBody } from '../../../shared/schemas/deployments.js';
import { createDeploymentService, followBuilds } from './service.js';
import { createSimulationService } from '../simulations/service.js';

const tags = ['deployments'];

/** Who made a build or moved an alias: the signed-in team member, else the API key. */
export function actorOf(request: FastifyRequest): Actor {
  if (request.team) return { type: 'member', id: request.team.member.id, name: request.team.member.name || request.team.member.email };
  return { type: 'api_key', id: request.apiKey?.id ?? 'unknown', name: request.apiKey?.name ?? 'API key' };
}

export const deploymentRoutes: RouteModule = (app, ctx) => {
  const deployments = createDeploymentService(ctx);
  followBuilds(ctx, deployments);
  const simulations = createSimulationService(ctx);
  projectRoute(app, ctx, {
    method: 'GET', path: '/deployments', permissions: ['project:read'], tags, params: ProjectParams, response: DeploymentList,
    summary: 'List builds', description: 'Newest first, with the aliases pointing at each.',
    handler: async ({ params }) => ({ data: await deployments.list(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/deployments', permissions: ['deployment:update'], tags, params: ProjectParams, body: BuildBody, response: DeploymentSchema, status: 201,
    summary: 'Build a new version',
    description: 'Freezes the draft: the profile (model settings, enabled actions, attached search tables), its active guidance rules, the audiences they and the sources use, and the knowledge as of now. Versions are numbered 1, 2, 3… and never change. Channels see it once an alias they follow points at it.',
    handler: ({ params, body, request }) => deployments.build(params.project_id, body, actorOf(request)),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/deployments/diff', permissions: ['project:read'], tags, params: ProjectParams, querystring: DiffQuery, response: DeploymentDiff,
    summary: 'Compare two builds, or a build and the draft',
    description: '`from` and `to`: a version number or `draft` (what a build would take now, with the default profile).',
    handler: ({ params, query }) => deployments.diff(params.project_id, query.from, query.to),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/deployments/:version', permissions: ['project:read'], tags, params: DeploymentParams, response: DeploymentSchema,
    summary: 'Get a build', description: 'The whole snapshot: profile, rules, audiences, search tables and the knowledge references.',
    handler: ({ params }) => deployments.get(params.project_id, params.version),
  });
  projectRoute(app, ctx, {
    method: 'POST', path: '/deployments/:version/restore', permissions: ['deployment:update'], tags, params: DeploymentParams, body: RestoreBody, response: DeploymentSchema, status: 201,
    summary: 'Publish an earlier build again',
    description: 'A new version with the same snapshot ("restored from vN"); point an alias at it to roll back. Rolling back an alias directly is a PUT /aliases/{name} with the old version.',
    handler: ({ params, body, request }) => deployments.restore(params.project_id, params.version, body.note, actorOf(request)),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/aliases', permissions: ['project:read'], tags, params: ProjectParams, response: AliasList,
    summary: 'List aliases', description: 'With the channels following each and the history of its moves.',
    handler: async ({ params }) => ({ data: await deployments.listAliases(params.project_id) }),
  });
  projectRoute(app, ctx, {
    method: 'GET', path: '/aliases/:name', permissions: ['project:read'], tags, params: AliasParams, response: AliasOut,
    summary: 'Get an alias',
    handler: ({ params }) => deployments.getAlias(params.project_id, params.name),
  });
  projectRoute(app, ctx, {
    method: 'PUT', path: '/aliases/:name', permissions: ['deployment:update'], tags, params: AliasParams, body: AliasBody, response: AliasOut,
    summary: 'Create an alias or point it at another build',
    description:
      'Every channel following the alias answers from that build from its next reply on; connected widgets stay connected. Before the alias moves, every saved simulation suite runs against the build; a failing one refuses the move with 409 `simulation_failed` (its runs named in `run_ids`) unless `skip_suites` is set. An immutable alias (`mutable: false` when created) is a 409 `alias_immutable` when moved; an unknown version a 400 `unknown_deployment`.',
    handler: async ({ params, body, request }) =>
      (await deployments.pointAlias(params.project_id, params.name, body, actorOf(request), (version) => simulations.checkPromotion(params.project_id, version))).alias,
  });
  projectRoute(app, ctx, {
    method: 'DELETE', path: '/aliases/:name', permissions: ['deployment:update'], tags, params: AliasParams, response: null,
    summary: 'Delete an alias', description: 'Refused with 409 `alias_in_use` while a channel follows it, and with 409 `alias_immutable` for an immutable alias (deleting it would let its name come back at another version).',
    handler: ({ params }) => deployments.removeAlias(params.project_id, params.name),
  });
};
