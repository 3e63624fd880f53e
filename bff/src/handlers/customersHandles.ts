import { createHandle, deleteHandle, findManagedCustomer, listHandles, updateHandle } from '@portal/core/customers';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentDomainHandle } from '../presenters/customer.ts';

/** Domain handles of a customer (§2 handle overview, §5). Manager of the customer only. */
export const customerHandleHandlers = defineHandlers({
  listCustomerHandles: async ({ em, user, params }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    return { data: (await listHandles(em, customer)).map(({ handle, usages }) => presentDomainHandle(handle, usages)) };
  },

  createCustomerHandle: async ({ em, user, params, body, koa }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    const handle = await createHandle(em, customer, body);
    koa.status = 201;
    return presentDomainHandle(handle, []);
  },

  updateCustomerHandle: async ({ em, user, params, body }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    const handle = await updateHandle(em, customer, params.handleId, body);
    const usage = (await listHandles(em, customer)).find((h) => h.handle.id === handle.id)?.usages ?? [];
    return presentDomainHandle(handle, usage);
  },

  deleteCustomerHandle: async ({ em, user, params }) => {
    const customer = await findManagedCustomer(em, user.id, params.customerId);
    await deleteHandle(em, customer, params.handleId);
    return noContent;
  },
});
