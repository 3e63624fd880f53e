import {
  assertMayTerminate,
  authCodeOf,
  changeClusterTermination,
  clusterMonthlyPrice,
  createClusterTermination,
  currentTermination,
  dayOf,
  endOfTermErrors,
  endOfTermOptions,
  hardwareRanges,
  previewChange,
  previewTermination,
  findDomainContractAccess,
  listContracts,
  renewAuthCode,
  requestDomainTermination,
  settleDueDomainTerminations,
  settleCompletedClusterContracts,
  type ContractSortField,
  type DomainContract,
  type TerminationInput,
} from '@portal/core/billing';
import { twoFactorSecretBox } from '@portal/core/accounts';
import { findClusterAccess } from '@portal/core/clusters';
import { NotFound, ValidationFailed, type FieldErrors } from '@portal/core/platform';
import type { EntityManager } from '@mikro-orm/core';
import type { AppDeps } from '../deps.ts';
import { defineHandlers } from '../openapi/handlers.ts';
import { pagination } from '../presenters/cluster.ts';
import { presentAmounts, presentClusterContract, presentContractSummary, presentDomainContract, presentTermination } from './billingPresenters.ts';

/** A cluster contract the user can see, else 404 (ids are not probed). */
async function clusterContract(em: EntityManager, userId: number, contractId: number) {
  const access = await findClusterAccess(em, userId, contractId);
  if (!access) throw NotFound('errors.contract_not_found');
  return access;
}

const clusterPriceAmounts = (cluster: Parameters<typeof clusterMonthlyPrice>[0]) => presentAmounts(clusterMonthlyPrice(cluster));

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

/** `contract.status_changed` (issue 30: a webhook event) after a termination changed the cluster contract's status; published after the commit. */
const contractStatusChanged = (deps: AppDeps, cluster: { id: number; status: string; customer: { id: number } }) =>
  deps.events.publish('contract.status_changed', { contractType: 'cluster', contractId: cluster.id, status: cluster.status }, { customers: [cluster.customer.id], clusters: [cluster.id] });

export const contractHandlers = defineHandlers({
  listContracts: async ({ em, user, query, deps }) => {
    await settleDueDomainTerminations(em, domainPorts(deps), user.id);
    await settleCompletedClusterContracts(em, deps);
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

  getClusterContract: async ({ em, user, params, deps }) => {
    await settleCompletedClusterContracts(em, deps);
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
    await deps.events.publish('contract.status_changed', { contractType: 'domain', contractId: changed.id, status: changed.status }, { customers: [changed.customer.id] });
    koa.status = 201;
    return presentDomain(deps, changed);
  },

  renewDomainAuthCode: async ({ em, user, params, deps }) => {
    const contract = await domainContract(em, user.id, params.contractId);
    return presentDomain(deps, await renewAuthCode(em, domainPorts(deps), user, contract.id));
  },

  previewClusterCosts: async ({ em, user, params, body, deps }) => {
    const { cluster } = await clusterContract(em, user.id, params.contractId);
    const today = dayOf(deps.clock.now());
    const current = clusterPriceAmounts(cluster);
    if (body.kind === 'termination') {
      const endOfTerm = body.endOfTerm ?? '';
      const errors = endOfTermErrors(today, endOfTerm);
      if (errors.length) throw ValidationFailed({ endOfTerm: errors });
      const p = previewTermination(cluster, today, endOfTerm);
      return { kind: 'termination' as const, from: p.restOfPeriod.from, to: p.restOfPeriod.to, days: p.restOfPeriod.days, fullMonths: p.fullMonths, currentMonthly: current, proposedMonthly: current, restOfPeriod: presentAmounts(p.restOfPeriod.amounts), total: presentAmounts(p.total) };
    }
    const proposed = {
      ...cluster,
      cpu: body.cpu ?? cluster.cpu,
      ramGb: body.ramGb ?? cluster.ramGb,
      nvmeSsdGb: body.nvmeSsdGb ?? cluster.nvmeSsdGb,
      nvmeDatabaseGb: body.nvmeDatabaseGb ?? cluster.nvmeDatabaseGb,
      nvmeStorageGb: body.nvmeStorageGb ?? cluster.nvmeStorageGb,
      sla: body.sla ?? cluster.sla,
      addonTwoFactor: body.twoFactor ?? cluster.addonTwoFactor,
      addonVpn: body.vpn ?? cluster.addonVpn,
      addonPhpExtendedSupport: body.phpExtendedSupport ?? cluster.addonPhpExtendedSupport,
    };
    // The hardware ranges of the architecture (§9).
    const range = hardwareRanges[cluster.architecture];
    const fields: FieldErrors = {};
    for (const key of ['cpu', 'ramGb', 'nvmeSsdGb', 'nvmeStorageGb'] as const) {
      if (proposed[key] < range[key][0]) fields[key] = ['validation.minimum'];
      if (proposed[key] > range[key][1]) fields[key] = ['validation.maximum'];
    }
    if (Object.keys(fields).length) throw ValidationFailed(fields);
    const p = previewChange(cluster, proposed, today);
    return { kind: 'change' as const, from: p.period.from, to: p.period.to, days: p.period.days, fullMonths: 0, currentMonthly: presentAmounts(p.currentMonthly), proposedMonthly: presentAmounts(p.proposedMonthly), restOfPeriod: presentAmounts(p.difference), total: presentAmounts(p.difference) };
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
    await contractStatusChanged(deps, access.cluster);
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
    const termination = await changeClusterTermination(em, ports(deps), user, access.cluster.id, params.terminationId, 'abort');
    await contractStatusChanged(deps, access.cluster);
    return presentTermination(termination);
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
    await contractStatusChanged(deps, access.cluster);
    return presentTermination(termination);
  },
});
