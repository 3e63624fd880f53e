/**
 * Concurrency (issue 8): the same write sent 50 times at once — a double (or fifty-fold) submit — has
 * one result, and reads during writes never see half a change.
 */
import { ClusterAdministrator } from '@portal/core/clusters';
import { CustomerManager } from '@portal/core/customers';
import { User } from '@portal/core/accounts';
import { demoInvitations } from '@portal/core/seed';
import { demoLogins, startSuite, type Suite } from './harness.ts';

const parallel = 50;

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite();
});
afterAll(async () => {
  await suite?.stop();
});

const statuses = (list: { status: number }[]) => list.map((r) => r.status).sort();
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('concurrency (issue 8): double submits have one result', () => {
  it('accepting one invitation 50× at once grants the role once; the other answers say the link is used', async () => {
    const invitation = demoInvitations.otherAdministrator;
    const other = await suite.signIn(invitation.email);
    await suite.resetRateLimits();
    const answers = await Promise.all(
      Array.from({ length: parallel }, () => other.request('POST', '/api/v1/invitations/accept', { token: invitation.token, email: invitation.email })),
    );
    const got = statuses(answers);
    expect(count(got, 200)).toBe(1);
    // The rest: the used link (404) or, past the per-client limit, 429 — never a second grant, never a 5xx.
    expect(got.filter((s) => s !== 200 && s !== 404 && s !== 429)).toEqual([]);
    const em = suite.server.db.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: invitation.email });
    const cluster = suite.clusters.get(invitation.clusterNumber)!;
    expect(await em.count(ClusterAdministrator, { user: user.id, cluster: cluster.id })).toBe(1);
  });

  it('registering with one invitation 50× at once creates one account', async () => {
    const invitation = demoInvitations.freelancer;
    await suite.resetRateLimits();
    const body = {
      token: invitation.token,
      email: invitation.email,
      firstname: 'Frei',
      surname: 'Berufler',
      password: 'Kaffee-Tasse-Fahrrad-42',
      password_confirmation: 'Kaffee-Tasse-Fahrrad-42',
    };
    suite.logs.secret(body.password);
    const answers = await Promise.all(Array.from({ length: parallel }, () => suite.server.client().request('POST', '/api/v1/invitations/register', body)));
    const got = statuses(answers);
    expect(count(got, 200)).toBe(1);
    expect(got.filter((s) => s !== 200 && s !== 404 && s !== 409 && s !== 422 && s !== 429)).toEqual([]);
    expect(await suite.server.db.orm.em.fork().count(User, { email: invitation.email })).toBe(1);
  });

  it('revoking one manager right 50× at once leaves it revoked once, without a 5xx', async () => {
    const colleague = 'tobias.schmidt@mueller-schmidt.example';
    const c = await suite.signIn(colleague);
    const customerId = suite.clusters.get('20011')!.customerId;
    const answers = await Promise.all(
      Array.from({ length: parallel }, () => c.request('POST', '/api/v1/me/permissions/customers/revoke', { email: colleague, customer_id: customerId })),
    );
    const got = statuses(answers);
    // The customer row is locked before the right is read: exactly one request removes it (204), the
    // others find it gone (404), and the customer keeps an active manager.
    expect(count(got, 204)).toBe(1);
    expect(got.filter((s) => s !== 204 && s !== 404 && s !== 409)).toEqual([]);
    const em = suite.server.db.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: colleague });
    expect(await em.count(CustomerManager, { user: user.id, customer: customerId })).toBe(0);
    expect(await em.count(CustomerManager, { customer: customerId, active: true })).toBeGreaterThanOrEqual(1);
  });

  it('creating the same DNS zone 50× at once creates one zone', async () => {
    const admin = await suite.signIn(demoLogins.admin);
    const shop = suite.clusters.get('20011')!;
    const server = shop.serverFor.get('dns')!;
    const base = `/api/v1/clusters/${shop.id}/servers/${server}/dns/zones`;
    const before = (await admin.get(base)).body;
    const answers = await Promise.all(Array.from({ length: parallel }, () => admin.request('POST', base, { origin: 'double-submit.example' })));
    const got = statuses(answers);
    expect(got.filter((s) => s >= 500)).toEqual([]);
    expect(count(got, 202) + count(got, 201)).toBe(1);
    const after = (await admin.get(base)).body;
    const origins = (after.data ?? after).map((z: { origin: string }) => z.origin);
    expect(origins.filter((o: string) => o === 'double-submit.example')).toHaveLength(1);
    expect(origins.length).toBe((before.data ?? before).length + 1);
  });

  it('the same profile change 50× at once gives the same profile as once', async () => {
    const manager = await suite.signIn(demoLogins.manager);
    const change = { department: 'Einkauf', city: 'Berlin', street: 'Friedrichstraße 124' };
    const answers = await Promise.all(Array.from({ length: parallel }, () => manager.request('PATCH', '/api/v1/profile', change)));
    expect(statuses(answers).filter((s) => s !== 200)).toEqual([]);
    expect((await manager.get('/api/v1/profile')).body).toMatchObject(change);
  });
});

describe('concurrency (issue 8): reads during writes never see half a change', () => {
  it('first name and surname changed together are always read together', async () => {
    const manager = await suite.signIn(demoLogins.manager);
    const reader = await suite.signIn(demoLogins.manager);
    const torn: string[] = [];
    let writing = true;
    const reads = (async () => {
      let n = 0;
      while (writing || n < 10) {
        const p = (await reader.get('/api/v1/profile')).body;
        const pair = /^F(\d+)$/.exec(p.firstname)?.[1] ?? (p.firstname === 'Anna' ? 'initial' : p.firstname);
        const other = /^S(\d+)$/.exec(p.surname)?.[1] ?? (p.surname === 'Berger' ? 'initial' : p.surname);
        if (pair !== other) torn.push(`${p.firstname}/${p.surname}`);
        n++;
      }
      return n;
    })();
    await Promise.all(Array.from({ length: 40 }, (_, i) => manager.request('PATCH', '/api/v1/profile', { firstname: `F${i}`, surname: `S${i}` })));
    writing = false;
    expect(await reads).toBeGreaterThan(0);
    expect(torn).toEqual([]);
    await manager.request('PATCH', '/api/v1/profile', { firstname: 'Anna', surname: 'Berger' });
  });

  it('secrets in logs: none of this suite\'s passwords, tokens or session ids is in a log line', () => {
    expect(suite.logs.leaks()).toEqual([]);
  });
});
