import { matchRoutes, type RouteObject } from 'react-router';
import { demoAllows } from './demo/api';
import { routes } from './routes';

/** The route pattern (joined parent paths) that a path of the SPA under `/a/` lands on, with its parameters. */
function landing(path: string): { pattern: string; params: Record<string, string | undefined> } {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`no route for ${path}`);
  const pattern = matches
    .map((m) => m.route.path)
    .filter((p): p is string => !!p)
    .join('/');
  return { pattern, params: { ...matches.at(-1)!.params } };
}

/** The page component a route loads (its `lazy` resolves the chunk). */
async function pageOf(path: string): Promise<string> {
  const leaf = matchRoutes(routes, path)!.at(-1)!.route as RouteObject;
  const lazy = leaf.lazy as unknown as () => Promise<{ Component: { name: string } }>;
  return (await lazy()).Component.name;
}

describe('routes of the SPA (§2, §3)', () => {
  it('R2.017 /orders lists, /orders/{type}/{id} opens an order, and /orders/cluster, /domain, /certificate are the wizards', async () => {
    expect(landing('/orders').pattern).toBe('orders');
    expect(landing('/orders/domain/D-100001')).toEqual({ pattern: 'orders/:type/:number', params: { type: 'domain', number: 'D-100001' } });
    // The wizards' static paths win over the order detail pattern.
    for (const type of ['cluster', 'domain', 'certificate']) expect(landing(`/orders/${type}`).pattern).toBe(`orders/${type}`);
    expect(await pageOf('/orders')).toBe('OrdersPage');
    expect(await pageOf('/orders/cluster/B-090001')).toBe('OrdersPage');
    expect(await pageOf('/orders/cluster')).toBe('ClusterOrderWizard');
    expect(await pageOf('/orders/domain')).toBe('DomainOrderWizard');
    expect(await pageOf('/orders/certificate')).toBe('CertificateOrderWizard');
    expect(await pageOf('/orders/cluster/B-1/more')).toBe('NotFoundPage');
  });

  it('R3.059 the route parameters: clusterId, serverId, customerId, partnerId, year, invoice id, contract type and id, terminationId, token, email', () => {
    expect(landing('/clusters/42/servers/7/managed/nginx').params).toMatchObject({ clusterId: '42', serverId: '7' });
    expect(landing('/customers/3/edit').params).toEqual({ customerId: '3' });
    expect(landing('/partner/70001/2025').params).toEqual({ partnerId: '70001', year: '2025' });
    expect(landing('/invoices/15/details').params).toEqual({ invoiceId: '15' });
    expect(landing('/contracts/cluster/9').params).toEqual({ type: 'cluster', contractId: '9' });
    expect(landing('/contracts/9/cluster/termination/4/edit').params).toEqual({ contractId: '9', terminationId: '4' });
    expect(landing('/password/reset/abc123').params).toEqual({ token: 'abc123' });
    expect(landing('/invitation/tok/a%40b.example').params).toEqual({ token: 'tok', email: 'a@b.example' });
    expect(landing('/invoice/public/tok').params).toEqual({ token: 'tok' });
  });

  it('R5.004 the demo guard lets through the dashboard, sign-out and a server\'s Managed Center and incidents; every other route is redirected', () => {
    for (const allowed of ['/', '/logout', '/clusters/42/servers/1/managed/nginx', '/clusters/42/servers/1/managed/', '/clusters/42/servers/1/incidents?x=1'])
      expect([allowed, demoAllows(allowed)]).toEqual([allowed, true]);
    for (const refused of ['/invoices', '/orders/cluster', '/profile', '/customers/1/edit', '/partner', '/clusters/42', '/clusters/42/servers/1/managedx'])
      expect([refused, demoAllows(refused)]).toEqual([refused, false]);
  });
});
