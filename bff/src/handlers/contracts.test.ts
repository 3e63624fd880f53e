import { AuditLogEntry } from '@portal/core/platform';
import { Cluster } from '@portal/core/clusters';
import { DomainContract } from '@portal/core/billing';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
let manager: TestClient;
let admin: TestClient;
let other: TestClient;
const clusters: Record<string, number> = {};
const domains: Record<string, number> = {};
beforeAll(async () => {
  server = await createTestServer();
  server.clock.set('2026-11-24T10:00:00Z');
  manager = server.client();
  await manager.login(demoLogins.manager);
  admin = server.client();
  await admin.login(demoLogins.admin);
  other = server.client();
  await other.login(demoLogins.other);
  const em = server.db.orm.em.fork();
  for (const c of await em.find(Cluster, {})) clusters[c.number] = c.id;
  for (const d of await em.find(DomainContract, {})) domains[d.domain] = d.id;
}, 180_000);
afterAll(() => server.stop());

describe('contract list (§2 /contracts)', () => {
  it('R2.014 R6.003 a manager sees the cluster and domain contracts of their customer, nothing of others', async () => {
    const res = await manager.get('/api/v1/contracts?per_page=100');
    expect(res.status).toBe(200);
    const numbers = res.body.data.map((c: { number: string }) => c.number);
    expect(numbers).toEqual(expect.arrayContaining(['20011', '20012', 'D-300101', 'D-300110']));
    expect(numbers).not.toContain('20021');
    expect(numbers).not.toContain('D-300301');
    expect(res.body.data.every((c: { customer: { number: number } }) => c.customer.number === 10001)).toBe(true);
  });

  it('R4.012 contracts are listed in every status', async () => {
    const res = await manager.get('/api/v1/contracts?per_page=100');
    const statuses = new Set(res.body.data.map((c: { status: string }) => c.status));
    for (const s of ['active', 'in_termination', 'terminated', 'completed', 'cancelled', 'failed', 'pending']) expect(statuses).toContain(s);
  });

  it('R6.004 an administrator sees only the cluster contracts they administrate', async () => {
    const res = await admin.get('/api/v1/contracts');
    expect(res.body.data.map((c: { number: string; role: string }) => [c.number, c.role])).toEqual([['20011', 'administrator']]);
  });

  it('R2.099 search, filters by type and status, sort and pagination', async () => {
    const search = await manager.get('/api/v1/contracts?search=altshop');
    expect(search.body.data.map((c: { name: string }) => c.name)).toEqual(['ms-altshop.de']);
    const clustersOnly = await manager.get('/api/v1/contracts?type=cluster');
    expect(clustersOnly.body.data.map((c: { number: string }) => c.number)).toEqual(['20011', '20012']);
    const pending = await manager.get('/api/v1/contracts?status=pending');
    expect(pending.body.data.map((c: { number: string }) => c.number)).toEqual(['D-300110']);
    const desc = await manager.get('/api/v1/contracts?sort=-number&per_page=2&page=1');
    expect(desc.body.data.map((c: { number: string }) => c.number)).toEqual(['D-300110', 'D-300109']);
    expect(desc.body.meta).toEqual({ page: 1, perPage: 2, total: 12, lastPage: 6 });
    const page2 = await manager.get('/api/v1/contracts?sort=-number&per_page=2&page=2');
    expect(page2.body.data.map((c: { number: string }) => c.number)).toEqual(['D-300108', 'D-300107']);
  });

  it('R2.014 bounded and validated parameters: bad sort, page size over 100 and a long search are 422', async () => {
    expect((await manager.get('/api/v1/contracts?sort=price')).status).toBe(422);
    expect((await manager.get('/api/v1/contracts?per_page=101')).status).toBe(422);
    expect((await manager.get(`/api/v1/contracts?search=${'x'.repeat(201)}`)).status).toBe(422);
    expect((await manager.get('/api/v1/contracts?status=open')).status).toBe(422);
  });

  it('R3.019 personal access tokens are refused (no token area)', async () => {
    const created = await manager.request('POST', '/api/v1/me/personal-access-tokens', { name: 'acc', expires: 0, abilities: { global: true } });
    const res = await new TestClient(server.url).request('GET', '/api/v1/contracts', undefined, { Authorization: `Bearer ${created.body.plainTextToken}` });
    expect(res.status).toBe(403);
  });
});

describe('contract details (§2 /contracts/{type}/{id})', () => {
  it('R2.099 R3.025 R3.026 R3.029 R3.030 R9.007 R9.017 a cluster contract shows package, hardware, add-ons and the monthly price net, VAT 19 % and gross', async () => {
    const res = await manager.get(`/api/v1/contracts/cluster/${clusters['20011']}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      number: '20011',
      architecture: 'extended_web_cluster',
      sla: 'business',
      servicePackage: { reactionMinutes: 60, remoteHandsMinutes: 30, developerSupportMinutes: 30 },
      hardware: { cpu: 16, ramGb: 64, nvmeSsdGb: 250, nvmeStorageGb: 100 },
      addons: { twoFactor: true, vpn: false, phpExtendedSupport: false },
      contractMode: 'production',
      contractStart: '2023-01-01',
      role: 'manager',
      mayTerminate: true,
      includedTrafficTb: 5,
      termination: null,
    });
    // 99 + 149 + 16·12 + 64·4 + 250·0.20 + 20·0.50 + 5 = 761.00 net; 144.59 VAT; 905.59 gross
    expect(res.body.price).toEqual({ net: { amount: '761.00', currency: 'EUR' }, vat: { amount: '144.59', currency: 'EUR' }, gross: { amount: '905.59', currency: 'EUR' } });
  });

  it('R6.004 an administrator sees their cluster contract but may not terminate it', async () => {
    const res = await admin.get(`/api/v1/contracts/cluster/${clusters['20011']}`);
    expect(res.body).toMatchObject({ role: 'administrator', mayTerminate: false });
    expect((await admin.get(`/api/v1/contracts/cluster/${clusters['20012']}`)).status).toBe(404);
    const create = await admin.request('POST', `/api/v1/contracts/cluster/${clusters['20011']}/termination`, { endOfTerm: '2026-12-31', confirmed: true });
    expect(create.status).toBe(403);
    expect(create.body.error.message).toBe('errors.termination_managers_only');
  });

  it("R3.040 R5.030 a domain contract shows its fields; .co.uk must be terminated manually; another customer's contract is 404", async () => {
    const res = await manager.get(`/api/v1/contracts/domain/${domains['ms-online.shop']}`);
    expect(res.body).toMatchObject({
      number: 'D-300103',
      domain: 'ms-online.shop',
      registrationEndsOn: '2027-09-09',
      yearlyFee: { net: { amount: '19.00', currency: 'EUR' }, gross: { amount: '22.61', currency: 'EUR' } },
      premiumAnnual: { amount: '49.00', currency: 'EUR' },
      premiumOneTime: { amount: '250.00', currency: 'EUR' },
      manualTermination: false,
      authCode: null,
    });
    expect((await manager.get(`/api/v1/contracts/domain/${domains['mueller-schmidt.co.uk']}`)).body.manualTermination).toBe(true);
    const foreign = await other.get(`/api/v1/contracts/domain/${domains['mueller-schmidt.de']}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('errors.contract_not_found');
    expect((await other.get(`/api/v1/contracts/cluster/${clusters['20011']}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/contracts/domain/${domains['mueller-schmidt.de']}`)).status).toBe(404);
  });
});

describe('cluster termination (§4, §5)', () => {
  const base = () => `/api/v1/contracts/cluster/${clusters['20012']}/termination`;

  it('R5.039 a termination needs the confirmed text and a valid end of term; nothing is stored otherwise', async () => {
    const unconfirmed = await manager.request('POST', base(), { endOfTerm: '2026-12-31', confirmed: false });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.error.fields).toEqual({ confirmed: ['errors.termination_confirmation_required'] });
    const early = await manager.request('POST', base(), { endOfTerm: '2026-11-30', confirmed: true });
    expect(early.body.error.fields).toEqual({ endOfTerm: ['errors.termination_notice_period'] });
    const long = await manager.request('POST', base(), { endOfTerm: '2026-12-31', confirmed: true, reasonText: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect((await manager.get(base())).body.termination).toBeNull();
  });

  it('R2.100 R4.015 R4.016 R8.022 create, edit, abort, create again, confirm — one termination per contract, transitions enforced, audited and mailed', async () => {
    const options = (await manager.get(base())).body.options;
    expect(options[0]).toEqual({ endOfTerm: '2026-12-31', shutdownOn: '2027-01-01', deletionOn: '2027-01-15' });

    const created = await manager.request('POST', base(), { endOfTerm: '2026-12-31', reason: 'price', reasonText: 'Zu teuer', confirmed: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'in_termination', endOfTerm: '2026-12-31', shutdownOn: '2027-01-01', deletionOn: '2027-01-15', reason: 'price', reasonText: 'Zu teuer' });
    expect((await manager.get(`/api/v1/contracts/cluster/${clusters['20012']}`)).body.status).toBe('in_termination');
    const mail = await server.mailbox.next(demoLogins.manager, 'clusterTermination');
    expect(mail.subject).toContain('Kündigung des Clusters Onlineshop Staging (20012) eingegangen');
    expect(mail.text).toContain('31. Dezember 2026');

    const twice = await manager.request('POST', base(), { endOfTerm: '2027-01-31', confirmed: true });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('errors.termination_exists');

    const id = created.body.id;
    const edited = await manager.request('PUT', `${base()}/${id}`, { endOfTerm: '2027-01-31', reason: null, reasonText: null, confirmed: true });
    expect(edited.body).toMatchObject({ status: 'in_termination', endOfTerm: '2027-01-31', shutdownOn: '2027-02-01', deletionOn: '2027-02-15', reason: null });

    const aborted = await manager.request('POST', `${base()}/${id}/abort`);
    expect(aborted.body.status).toBe('aborted');
    expect((await manager.get(`/api/v1/contracts/cluster/${clusters['20012']}`)).body).toMatchObject({ status: 'active', termination: null });
    expect((await manager.request('POST', `${base()}/${id}/confirm`)).status).toBe(404);

    const again = await manager.request('POST', base(), { endOfTerm: '2026-12-31', confirmed: true });
    expect(again.status).toBe(201);
    const confirmed = await manager.request('POST', `${base()}/${again.body.id}/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'confirmed' });
    expect((await manager.get(`/api/v1/contracts/cluster/${clusters['20012']}`)).body).toMatchObject({ status: 'terminated', mayTerminate: false });

    const late = await manager.request('PUT', `${base()}/${again.body.id}`, { endOfTerm: '2027-01-31', confirmed: true });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('errors.termination_not_in_termination');
    expect((await manager.request('POST', `${base()}/${again.body.id}/abort`)).status).toBe(409);

    const audit = await server.db.orm.em.fork().find(AuditLogEntry, { action: { $like: 'termination.%' } }, { orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['termination.created', 'termination.updated', 'termination.aborted', 'termination.created', 'termination.confirmed']);
    const kinds = server.mailbox.to(demoLogins.manager).filter((m) => m.kind === 'clusterTermination').map((m) => m.subject);
    expect(kinds).toHaveLength(5);
    expect(server.mailbox.to('tobias.schmidt@mueller-schmidt.example').some((m) => m.subject.startsWith('Termination of cluster Onlineshop Staging'))).toBe(true);
  });

  it("R8.021 another customer's termination is 404 and an unknown termination is 'termination not found'", async () => {
    expect((await other.get(base())).status).toBe(404);
    const unknown = await manager.request('POST', `/api/v1/contracts/cluster/${clusters['20011']}/termination/99999/abort`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('errors.termination_not_found');
  });
});

describe('domain termination (§4, §5: R2.101 R4.017 R5.038 R5.030)', () => {
  const path = (domain: string, rest = '') => `/api/v1/contracts/domain/${domains[domain]}${rest}`;
  const signedInAt = async (at: string) => {
    server.clock.set(at);
    const client = server.client();
    await client.login(demoLogins.manager);
    return client;
  };

  it('R4.017 a contract that is terminated but has no auth code yet (taken over as terminated) shows its code at once, without asking anew; the code is mailed', async () => {
    const res = await manager.get(path('ms-altshop.de'));
    expect(res.body.status).toBe('terminated');
    expect(res.body.authCode).toMatchObject({ code: expect.stringMatching(/^.{16}$/), expired: false });
    const again = await manager.get(path('ms-altshop.de'));
    expect(again.body.authCode.code).toBe(res.body.authCode.code);
    const mail = await server.mailbox.next(demoLogins.manager, 'domainTermination');
    expect(mail.subject).toContain('ms-altshop.de (D-300106)');
    expect(mail.text).toContain(res.body.authCode.code);
  });

  it('R5.038 the confirmation checkbox is required; nothing is stored without it', async () => {
    const res = await manager.request('POST', path('mueller-schmidt.de', '/termination'), { confirmed: false });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.confirmed).toEqual(['errors.domain_termination_confirmation_required']);
    expect((await manager.get(path('mueller-schmidt.de'))).body).toMatchObject({ status: 'active', terminationOn: null, mayTerminate: true });
  });

  it("R5.030 a .co.uk domain is refused (terminated manually); another customer's contract is 404; no second termination", async () => {
    const uk = await manager.request('POST', path('mueller-schmidt.co.uk', '/termination'), { confirmed: true });
    expect(uk.status).toBe(409);
    expect(uk.body.error.message).toBe('errors.domain_termination_manual');
    expect((await manager.get(path('mueller-schmidt.co.uk'))).body).toMatchObject({ status: 'active', mayTerminate: false, manualTermination: true });
    const foreign = await other.request('POST', path('mueller-schmidt.de', '/termination'), { confirmed: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('errors.contract_not_found');
    expect((await admin.request('POST', path('mueller-schmidt.de', '/termination'), { confirmed: true })).status).toBe(404);
    const again = await manager.request('POST', path('ms-aktion2025.de', '/termination'), { confirmed: true });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('errors.termination_exists');
    const cancelled = await manager.request('POST', path('ms-testlauf.de', '/termination'), { confirmed: true });
    expect(cancelled.status).toBe(409);
    expect((await other.request('POST', path('ms-altshop.de', '/auth-code'))).status).toBe(404);
  });

  it('R2.101 R4.017 takes effect at the end of the registration period; then the auth code is visible, mailed, renewable and expires', async () => {
    server.clock.set('2026-11-24T10:00:00Z');
    const created = await manager.request('POST', path('mueller-schmidt-shop.com', '/termination'), { confirmed: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'in_termination', terminationOn: '2027-05-31', mayTerminate: false, authCode: null, terminationRequestedAt: '2026-11-24T10:00:00.000Z' });
    const received = await server.mailbox.next(demoLogins.manager, 'domainTermination');
    expect(received.subject).toContain('Kündigung der Domain mueller-schmidt-shop.com (D-300102) eingegangen');
    expect(received.text).toContain('31. Mai 2027');
    const early = await manager.request('POST', path('mueller-schmidt-shop.com', '/auth-code'));
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('errors.auth_code_not_available');
    const audit = await server.db.orm.em.fork().find(AuditLogEntry, { action: 'domain_termination.created' });
    expect(audit.map((a) => (a.details as { domain: string }).domain)).toContain('mueller-schmidt-shop.com');

    // The last day of the registration period: not yet effective.
    // Sessions do not live for months: sign in again at each moment.
    let later = await signedInAt('2027-05-31T20:00:00Z');
    expect((await later.get(path('mueller-schmidt-shop.com'))).body).toMatchObject({ status: 'in_termination', authCode: null });

    // The next day (Europe/Berlin): effective, the code is shown and mailed once.
    later = await signedInAt('2027-06-01T08:00:00Z');
    const [a, b] = await Promise.all([later.get(path('mueller-schmidt-shop.com')), later.get('/api/v1/contracts?search=mueller-schmidt-shop')]);
    expect(b.body.data[0].status).toBe('terminated');
    const effective = a.body.authCode ? a : await later.get(path('mueller-schmidt-shop.com'));
    expect(effective.body.status).toBe('terminated');
    expect(effective.body.authCode).toMatchObject({ generatedAt: '2027-06-01T08:00:00.000Z', validUntil: '2027-07-01T08:00:00.000Z', expired: false });
    const code: string = effective.body.authCode.code;
    expect(code).toHaveLength(16);
    // (The demo's ms-aktion2025.de, in termination to 2026-12-19, took effect on the way: its own mail.)
    let mailed = await server.mailbox.next(demoLogins.manager, 'domainTermination');
    while (!mailed.subject.includes('mueller-schmidt-shop.com')) mailed = await server.mailbox.next(demoLogins.manager, 'domainTermination');
    expect(mailed.subject).toBe('Kündigung der Domain mueller-schmidt-shop.com (D-300102) wirksam: Ihr Auth-Code');
    expect(mailed.text).toContain(code);
    await later.get(path('mueller-schmidt-shop.com'));
    expect(server.mailbox.to(demoLogins.manager).filter((m) => m.subject.includes('mueller-schmidt-shop.com') && m.text.includes('Auth-Code für den Transfer'))).toHaveLength(1);
    const row = await server.db.orm.em.fork().findOneOrFail(DomainContract, { id: domains['mueller-schmidt-shop.com'] });
    expect(row.authCodeSealed).not.toContain(code);

    // 30 days later the code shows as expired; a new one can be requested.
    later = await signedInAt('2027-07-01T08:00:00Z');
    expect((await later.get(path('mueller-schmidt-shop.com'))).body.authCode).toMatchObject({ code, expired: true });
    const renewed = await later.request('POST', path('mueller-schmidt-shop.com', '/auth-code'));
    expect(renewed.status).toBe(200);
    expect(renewed.body.authCode).toMatchObject({ generatedAt: '2027-07-01T08:00:00.000Z', validUntil: '2027-07-31T08:00:00.000Z', expired: false });
    expect(renewed.body.authCode.code).not.toBe(code);
    const renewMail = await server.mailbox.next(demoLogins.manager, 'domainTermination');
    expect(renewMail.text).toContain(renewed.body.authCode.code);
    server.clock.set('2026-11-24T10:00:00Z');
    await manager.login(demoLogins.manager);
  });
});

describe('cost preview with proration (R9.007)', () => {
  const preview = (client: TestClient, number: string, body: unknown) => client.request('POST', `/api/v1/contracts/cluster/${clusters[number]}/cost-preview`, body);

  it('R9.007 R9.019 a hardware change shows the prorated difference for the rest of the month, net and gross; nothing changes', async () => {
    server.clock.set('2026-11-24T10:00:00Z');
    const before = (await manager.get(`/api/v1/contracts/cluster/${clusters['20011']}`)).body;
    const res = await preview(manager, '20011', { kind: 'change', cpu: before.hardware.cpu + 2, vpn: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'change', from: '2026-11-24', to: '2026-11-30', days: 7, fullMonths: 0, currentMonthly: before.price });
    // 2 vCPU (24.00 €) and VPN (15.00 €, unless booked) a month, 7 of 30 days.
    const vpnCents = before.addons.vpn ? 0 : 350;
    expect(res.body.total.net.amount).toBe(((560 + vpnCents) / 100).toFixed(2));
    expect(Number(res.body.total.gross.amount)).toBeCloseTo(Math.round((560 + vpnCents) * 1.19) / 100, 2);
    expect((await manager.get(`/api/v1/contracts/cluster/${clusters['20011']}`)).body.hardware).toEqual(before.hardware);
    // Administrators of the cluster may look too (a preview changes nothing).
    expect((await preview(admin, '20011', { kind: 'change', cpu: before.hardware.cpu })).body.total.net.amount).toBe('0.00');
  });

  it('R9.007 R5.039 a termination preview: rest of this month from tomorrow plus the months until the end of term', async () => {
    server.clock.set('2026-11-24T10:00:00Z');
    const monthly = (await manager.get(`/api/v1/contracts/cluster/${clusters['20011']}`)).body.price.net.amount as string;
    const res = await preview(manager, '20011', { kind: 'termination', endOfTerm: '2027-01-31' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'termination', from: '2026-11-25', to: '2026-11-30', days: 6, fullMonths: 2 });
    const monthlyCents = Math.round(Number(monthly) * 100);
    expect(Math.round(Number(res.body.total.net.amount) * 100)).toBe(2 * monthlyCents + Math.round((Math.round((monthlyCents * 100) / 30) * 6) / 100));
  });

  it("R9.026 R9.027 R9.028 R8.029 refusals: hardware outside the ranges and an invalid end of term are 422; another customer's contract is 404", async () => {
    const tooBig = await preview(manager, '20011', { kind: 'change', cpu: 999 });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.error.fields.cpu).toEqual(['validation.maximum']);
    const end = await preview(manager, '20011', { kind: 'termination', endOfTerm: '2026-11-30' });
    expect(end.status).toBe(422);
    expect(end.body.error.fields.endOfTerm).toEqual(['errors.termination_notice_period']);
    const foreign = await preview(other, '20011', { kind: 'change', cpu: 4 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('errors.contract_not_found');
  });
});

describe('contract completion (§4)', () => {
  it('R4.012 a terminated contract is completed after its data was deleted, once, audited', async () => {
    // The termination confirmed in 'cluster termination': end of term 2026-12-31, deletion on 2027-01-15.
    // (The day boundary itself is unit-tested with isContractCompleted; the domain tests above may already
    // have read contracts in 2027.) A session of its own in the future: the suite's sessions would expire.
    const later = server.client();
    try {
      server.clock.set('2027-01-16T08:00:00Z');
      await later.login(demoLogins.manager);
      const listed = await later.get('/api/v1/contracts?search=20012');
      expect(listed.body.data).toEqual([expect.objectContaining({ number: '20012', status: 'completed' })]);
      expect((await later.get(`/api/v1/contracts/cluster/${clusters['20012']}`)).body).toMatchObject({ status: 'completed', mayTerminate: false });
      expect((await later.get('/api/v1/contracts?status=completed&type=cluster')).body.data.map((c: { number: string }) => c.number)).toContain('20012');
      const completions = await server.db.orm.em.fork().find(AuditLogEntry, { action: 'contract.completed' });
      expect(completions.map((a) => a.details)).toEqual([expect.objectContaining({ clusterNumber: '20012', deletionOn: '2027-01-15' })]);
    } finally {
      server.clock.set('2026-11-24T10:00:00Z');
    }
  });
});
