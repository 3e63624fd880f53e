import {
  assertMayTerminate,
  changeClusterTermination,
  createClusterTermination,
  currentTermination,
  dayOf,
  endOfTermOptions,
  findDomainContractAccess,
  listContracts,
  type ContractSortField,
  type TerminationInput,
} from '@portal/core/billing';
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

const terminationInput = (body: { endOfTerm: string; reason?: TerminationInput['reason']; reasonText?: string | null; confirmed: boolean }): TerminationInput => ({
  endOfTerm: body.endOfTerm,
  reason: body.reason ?? null,
  reasonText: body.reasonText ?? null,
  confirmed: body.confirmed,
});

export const contractHandlers = defineHandlers({
  listContracts: async ({ em, user, query }) => {
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

  getDomainContract: async ({ em, user, params }) => {
    const access = await findDomainContractAccess(em, user.id, params.contractId);
    if (!access) throw NotFound('errors.contract_not_found');
    return presentDomainContract(access.contract, null);
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
    const termination = await changeClusterTermination(em, ports(deps), user, access.cluster.id, params.terminationId, 'confirm');
    // The notification centre tells the customer's managers (core/notifications: `termination.confirmed`).
    await deps.events.publish(
      'termination.confirmed',
      { terminationId: termination.id, clusterId: access.cluster.id, clusterNumber: access.cluster.number, endOfTerm: termination.endOfTerm },
      { customers: [access.cluster.customer.id] },
    );
    return presentTermination(termination);
  },
});
