import { Cluster } from '@portal/core/clusters';
import {
  activeManagers,
  customerTeam,
  deleteInvitation,
  findManagedCustomer,
  inviteToCustomer,
  listManagedCustomersOf,
  removeClusterAdministrator,
  removeCustomerManager,
  resendInvitation,
  setBetaRegistration,
  updateCustomerData,
  type TeamContext,
} from '@portal/core/customers';
import type { OperationContext } from '../openapi/handlers.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { consume } from '../http/rate-limits.ts';
import { presentCustomerDetail, presentCustomerSummary, presentCustomerTeam, presentTeamInvitation } from '../presenters/customer.ts';

const teamContext = ({ deps, koa }: Pick<OperationContext<never>, 'deps' | 'koa'>): TeamContext => ({
  clock: deps.clock,
  mailer: deps.mailer,
  events: deps.events,
  publicUrl: deps.config.PUBLIC_URL,
  ip: koa.ip,
});

/** The customer dashboard (§2): managed customers, company data, managers, administrators, invitations. Manager of the customer only. */
export const customerHandlers = defineHandlers({
  listCustomers: async ({ em, user }) => {
    const customers = await listManagedCustomersOf(em, user.id);
    const clusters = customers.length ? await em.find(Cluster, { customer: { $in: customers.map((c) => c.id) } }, { fields: ['customer'] }) : [];
    const counts = new Map<number, number>();
    for (const c of clusters) counts.set(c.customer.id, (counts.get(c.customer.id) ?? 0) + 1);
    return { data: customers.map((c) => presentCustomerSummary(c, counts.get(c.id) ?? 0)) };
  },

  getCustomer: async ({ em, user, params }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    return presentCustomerDetail(customer, await activeManagers(em, customer.id));
  },

  updateCustomer: async ({ em, user, params, body }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    const saved = await updateCustomerData(em, customer, body);
    return presentCustomerDetail(saved, await activeManagers(em, customer.id));
  },

  getCustomerTeam: async ({ em, deps, user, params }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    return presentCustomerTeam(await customerTeam(em, deps.clock, customer));
  },

  inviteToCustomer: async (c) => {
    const customer = await findManagedCustomer(c.em, c.user.id, c.params.customerId);
    // Invitations mail any address: INVITATION_LIMIT per inviter and hour, resends included (issue 31).
    await consume(c.deps.rateLimits.invitationSendByUser, String(c.user.id));
    const invitation = await inviteToCustomer(c.em, teamContext(c), customer, c.user, c.body);
    c.koa.status = 201;
    return presentTeamInvitation(invitation);
  },

  resendCustomerInvitation: async (c) => {
    const customer = await findManagedCustomer(c.em, c.user.id, c.params.customerId);
    await consume(c.deps.rateLimits.invitationSendByUser, String(c.user.id));
    return presentTeamInvitation(await resendInvitation(c.em, teamContext(c), customer, c.user, c.params.invitationId));
  },

  deleteCustomerInvitation: async ({ em, deps, user, params }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    await deleteInvitation(em, deps.clock, customer, params.invitationId);
    return noContent;
  },

  removeCustomerManager: async (c) => {
    const customer = await findManagedCustomer(c.em, c.user.id, c.params.customerId);
    await removeCustomerManager(c.em, teamContext(c), customer, c.user, c.params.userId);
    return noContent;
  },

  removeClusterAdministrator: async (c) => {
    const customer = await findManagedCustomer(c.em, c.user.id, c.params.customerId);
    await removeClusterAdministrator(c.em, teamContext(c), customer, c.user, c.params.clusterId, c.params.userId);
    return noContent;
  },

  /** Staff only: registers a customer for the beta phase (§8), or takes the registration back. */
  setCustomerBetaRegistration: async ({ em, deps, user, params, body, koa }) => {
    const customer = await setBetaRegistration(em, deps.clock, user, params.customerId, body.registered, koa.ip);
    return { customerId: customer.id, registered: customer.betaRegistered };
  },
});
