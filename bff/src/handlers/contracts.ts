import {
  assertMayTerminate,
  authCodeOf,
  changeClusterTermination,
  createClusterTermination,
  currentTermination,
  dayOf,
  endOfTermOptions,
  findDomainContractAccess,
  listContracts,
  renewAuthCode,
  requestDomainTermination,
  settleDueDomainTerminations,
  type ContractSortField,
  type DomainContract,
  type TerminationInput,
} from '@portal/core/billing';
import { twoFactorSecretBox } from '@portal/core/accounts';
import { findClusterAccess } from '@portal/core/clusters';
import { NotFound } from '@portal/core/platform';
import type { EntityManager } from '@mikro-orm/core';
import type { AppDeps } from '../deps.ts';
import { defineHandlers } from '../openapi/handlers.ts';
import { pagination } from '../presenters/cluster.ts';
import { presentClusterContract, presentContractSummary, presentDomainContract, presentTermination } from './billingPresenters.ts';

/** A cluster contract the user can see, else 404 (ids are not probed). */
async function clusterContract(em: EntityManager, userId: number, contractId: number) {
  const access = await findClusterAccess(em, userId, contractId);
  if (!access) throw NotFound('errors.contract_not_found');
  return access;
}

const ports = (deps: AppDeps) => ({ clock: deps.clock, mailer: deps.mailer, logger: deps.logger });
/** Domain terminations also seal the transfer code (the key of the two-factor secrets, another context). */
const domainPorts = (deps: AppDeps) => ({ ...ports(deps), box: twoFactorSecretBox(deps.config) });

/** A domain contract the user manages, else 404 (ids are not probed). */
async function domainContract(em: EntityManager, userId: number, contractId: number): Promise<DomainContract> {
  const access = await findDomainContractAccess(em, userId, contractId);
  if (!access) throw NotFound('errors.contract_not_found');
  return access.contract;
}

const presentDomain = (deps: AppDeps, d: DomainContract) => presentDomainContract(d, authCodeOf(d, twoFactorSecretBox(deps.config), deps.clock.now()));

const terminationInput = (body: { endOfTerm: string; reason?: TerminationInput['reason']; reasonText?: string | null; confirmed: boolean }): TerminationInput => ({
  endOfTerm: body.endOfTerm,
  reason: body.reason ?? null,
  reasonText: body.reasonText ?? null,
  confirmed: body.confirmed,
});

export const contractHandlers = defineHandlers({
  listContracts: async ({ em, user, query, deps }) => {
    await settleDueDomainTerminations(em, domainPorts(deps), user.id);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 25;
    const sort = query.sort ?? 'number';
    const { items, total } = await listContracts(em, user.id, {
      search: query.search,
      type: query.type,
      status: query.status,
      sort: sort.replace(/^-/, '') as ContractSortField,
      direction: sort.startsWith('-') ? 'desc' : 'asc',
      page,
      perPage,
    });
    return { data: items.map(presentContractSummary), meta: pagination(page, perPage, total) };
  },

  getClusterContract: async ({ em, user, params }) => {
    const access = await clusterContract(em, user.id, params.contractId);
    return presentClusterContract(access.cluster, access, await currentTermination(em, access.cluster.id));
  },

  getDomainContract: async ({ em, user, params, deps }) => {
    await domainContract(em, user.id, params.contractId);
    await settleDueDomainTerminations(em, domainPorts(deps), user.id);
    return presentDomain(deps, await domainContract(em, user.id, params.contractId));
  },

  createDomainTermination: async ({ em, user, params, body, deps, koa }) => {
    const contract = await domainContract(em, user.id, params.contractId);
    const changed = await requestDomainTermination(em, domainPorts(deps), user, contract.id, { confirmed: body.confirmed });
    koa.status = 201;
    return presentDomain(deps, changed);
  },

  renewDomainAuthCode: async ({ em, user, params, deps }) => {
    const contract = await domainContract(em, user.id, params.contractId);
    return presentDomain(deps, await renewAuthCode(em, domainPorts(deps), user, contract.id));
  },

  getClusterTermination: async ({ em, user, params, deps }) => {
    const access = await clusterContract(em, user.id, params.contractId);
    const termination = await currentTermination(em, access.cluster.id);
    return { termination: termination ? presentTermination(termination) : null, options: endOfTermOptions(dayOf(deps.clock.now())) };
  },

  createClusterTermination: async ({ em, user, params, body, deps, koa }) => {
    const access = await clusterContract(em, user.id, params.contractId);
    assertMayTerminate(access);
    const termination = await createClusterTermination(em, ports(deps), user, access.cluster.id, terminationInput(body));
    koa.status = 201;
    return presentTermination(termination);
  },

  updateClusterTermination: async ({ em, user, params, body, deps }) => {
    const access = await clusterContract(em, user.id, params.contractId);
    assertMayTerminate(access);
    return presentTermination(await changeClusterTermination(em, ports(deps), user, access.cluster.id, params.terminationId, 'edit', terminationInput(body)));
  },

  abortClusterTermination: async ({ em, user, params, deps }) => {
    const access = await clusterContract(em, user.id, params.contractId);
    assertMayTerminate(access);
    return presentTermination(await changeClusterTermination(em, ports(deps), user, access.cluster.id, params.terminationId, 'abort'));
  },

  confirmClusterTermination: async ({ em, user, params, deps }) => {
    const access = await clusterContract(em, user.id, params.contractId);
    assertMayTerminate(access);
    return presentTermination(await changeClusterTermination(em, ports(deps), user, access.cluster.id, params.terminationId, 'confirm'));
  },
});
