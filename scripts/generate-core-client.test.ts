import { coreOperations } from './generate-core-client.ts';

describe("the web app's operation table", () => {
  it('holds the core operations of the contract and none of a plugin', () => {
    const ops = coreOperations();
    expect(ops.find((o) => o.operationId === 'getCustomer')).toMatchObject({ method: 'GET', path: 'api/v1/customers/{customerId}' });
    expect(ops.some((o) => o.operationId === 'applyNginxConfig')).toBe(false);
  });
});
