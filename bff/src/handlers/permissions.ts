import {
  listAdministratedContracts,
  listManagedCustomers,
  refuseWhileImpersonating,
  revokeAdministratedContract,
  revokeManagedCustomer,
} from '@portal/core/accounts';
import type { ClusterAdministrator } from '@portal/core/clusters';
import type { CustomerManager } from '@portal/core/customers';
import type { Schemas } from '@portal/openapi';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import type { Principal } from '../http/auth.ts';

const presentManagedCustomer = (m: CustomerManager): Schemas['ManagedCustomer'] => ({
  id: m.customer.id,
  number: m.customer.number,
  company: m.customer.company,
  role: 'manager',
  active: m.active,
});

const presentAdministratedContract = (a: ClusterAdministrator): Schemas['AdministratedContract'] => ({
  id: a.cluster.id,
  cluster: { id: a.cluster.id, number: a.cluster.number, name: a.cluster.name },
  customer: { number: a.cluster.customer.number, company: a.cluster.customer.company },
  role: 'administrator',
});

const sessionOf = (principal: Principal | undefined) => (principal?.via === 'session' ? principal.session : undefined);

/** My data → permissions (§2, §7): the caller's own manager and administrator rights, and giving them up. */
export const permissionHandlers = defineHandlers({
  listManagedCustomers: async ({ em, user }) => ({ data: (await listManagedCustomers(em, user.id)).map(presentManagedCustomer) }),

  listAdministratedContracts: async ({ em, user }) => ({
    data: (await listAdministratedContracts(em, user.id)).map(presentAdministratedContract),
  }),

  revokeManagedCustomer: async ({ em, deps, user, body, koa, principal }) => {
    refuseWhileImpersonating(sessionOf(principal));
    await revokeManagedCustomer(em, { clock: deps.clock, events: deps.events, ip: koa.ip }, user, { email: body.email, customerId: body.customer_id });
    return noContent;
  },

  revokeAdministratedContract: async ({ em, deps, user, body, koa, principal }) => {
    refuseWhileImpersonating(sessionOf(principal));
    await revokeAdministratedContract(em, { clock: deps.clock, events: deps.events, ip: koa.ip }, user, { email: body.email, contractId: body.contract_id });
    return noContent;
  },
});
