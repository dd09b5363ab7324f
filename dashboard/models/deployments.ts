// Builds and aliases of a project (spec 2.10; docs/behaviour.md "Deployments and aliases"): the only
// module of the Deployments page, and of the channel editor's "Answers from", that calls the API.
import type { AliasOut, Deployment, DeploymentDiff, DeploymentSummary } from '../../shared/schemas/deployments.js';
import { api, withQuery } from './api.js';

export type { AliasOut, DeploymentDiff, DeploymentSummary, ItemChanges } from '../../shared/schemas/deployments.js';

/** A side of a comparison: a version number or the draft (what a build would take now). */
export type DiffSide = number | 'draft';

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}`;
const alias = (projectId: string, name: string) => `${base(projectId)}/aliases/${encodeURIComponent(name)}`;

export const deploymentsPath = (projectId: string) => `/app/p/${projectId}/deployments`;

export const listDeployments = async (projectId: string) => (await api<{ data: DeploymentSummary[] }>('GET', `${base(projectId)}/deployments`)).data;
export const buildVersion = (projectId: string, note: string) => api<Deployment>('POST', `${base(projectId)}/deployments`, note ? { note } : {});
export const restoreVersion = (projectId: string, version: number) => api<Deployment>('POST', `${base(projectId)}/deployments/${version}/restore`, {});
export const diffVersions = (projectId: string, from: DiffSide, to: DiffSide) =>
  api<DeploymentDiff>('GET', withQuery(`${base(projectId)}/deployments/diff`, { from: String(from), to: String(to) }));

export const listAliases = async (projectId: string) => (await api<{ data: AliasOut[] }>('GET', `${base(projectId)}/aliases`)).data;
/** Creates the alias, or points an existing mutable one at another build (a fixed one answers 409). */
export const pointAlias = (projectId: string, name: string, body: { version: number; mutable?: boolean; note?: string }) => api<AliasOut>('PUT', alias(projectId, name), body);
export const deleteAlias = (projectId: string, name: string) => api<void>('DELETE', alias(projectId, name));

/** The label of an alias wherever one is chosen: "production → v3". */
export const aliasLabel = (a: Pick<AliasOut, 'name' | 'version'>) => `${a.name} → v${a.version}`;
export const ALIAS_PATTERN = '[a-z0-9][a-z0-9_\\-]{0,39}';
