/**
 * Test support: a real OpenSSH server (Debian's openssh-server, `/usr/sbin/sshd`) as the far side of the
 * `ssh` gateway. It runs in the foreground as the current user on a loopback port, with its own host key,
 * `UsePAM no`, `StrictModes no` and an `authorized_keys` in the test directory holding the key the portal
 * generated. The "server" is this machine; each server id gets a sandbox directory below `<dir>/far/`
 * (the gateway's `root`), so files land in the test folder.
 *
 * Run as root (CI containers), the login user is a system user of its own (`portal-ssh-test`, shell
 * `/bin/sh`, created once): commands then run unprivileged, as on a real server, and no login shell's
 * start-up files (root's `.bashrc`) slow every command down.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fingerprintOf, generateKeyPair, type SshSettings } from './sshConnection.ts';

export const SSHD = '/usr/sbin/sshd';
export const hasSshd = () => fs.existsSync(SSHD);

export interface TestSshd {
  dir: string;
  port: number;
  /** The fingerprint of its current host key. */
  fingerprint: string;
  /** Connection settings for the gateway (the generated client key). */
  settings: SshSettings;
  /** The far side's sandbox of a server (the gateway's `root`). */
  root(serverId: number): string;
  /** A new host key (the "server" was reinstalled, or someone is in the middle), then restarts. */
  changeHostKey(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForBanner(port: number): Promise<void> {
  for (const deadline = Date.now() + 10_000; ; ) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString().startsWith('SSH-'));
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`sshd did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const TEST_USER = 'portal-ssh-test';

/** The login user: the current one, or (as root) the test's own system user. */
function loginUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    execFileSync('id', ['-u', TEST_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/bin/sh', TEST_USER], { stdio: 'ignore' });
  }
  // No password, yet not locked ('!' — sshd without PAM refuses locked accounts even for keys).
  execFileSync('usermod', ['-p', '*', TEST_USER], { stdio: 'ignore' });
  const uid = Number(execFileSync('id', ['-u', TEST_USER], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', TEST_USER], { encoding: 'utf8' }).trim());
  return { name: TEST_USER, uid, gid };
}

/**
 * `dir`: the test directory (emptied first) — for a portal started elsewhere that must know the far side's
 * sandboxes in advance (`MANAGED_SSH_ROOT=<dir>/far`, the e2e test); default a new temporary directory.
 */
export async function startSshd(options: { dir?: string } = {}): Promise<TestSshd> {
  if (options.dir) {
    fs.rmSync(options.dir, { recursive: true, force: true });
    fs.mkdirSync(options.dir, { recursive: true });
  }
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sshd-'));
  fs.mkdirSync(path.join(dir, 'far'));
  const user = loginUser();
  if (user) {
    fs.chmodSync(dir, 0o755);
    fs.chownSync(path.join(dir, 'far'), user.uid, user.gid);
  }
  const port = await freePort();
  const hostKey = path.join(dir, 'host_ed25519');
  const client = generateKeyPair('portal-test');
  fs.writeFileSync(path.join(dir, 'authorized_keys'), `${client.publicKey}\n`, { mode: 0o600 });
  if (user) fs.chownSync(path.join(dir, 'authorized_keys'), user.uid, user.gid);
  // As root, sshd wants its privilege separation directory.
  if (process.getuid?.() === 0) fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  fs.writeFileSync(
    path.join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
      'UsePAM no',
      'StrictModes no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      'Subsystem sftp internal-sftp',
      'MaxSessions 64',
      'MaxStartups 64',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  let fingerprint = '';
  const newHostKey = () => {
    fs.rmSync(hostKey, { force: true });
    fs.rmSync(`${hostKey}.pub`, { force: true });
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
    fingerprint = fingerprintOf(fs.readFileSync(`${hostKey}.pub`, 'utf8'));
  };
  const run = async () => {
    child = spawn(SSHD, ['-D', '-e', '-f', path.join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', () => undefined);
    await waitForBanner(port);
  };
  const halt = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };
  newHostKey();
  await run();
  return {
    dir,
    port,
    get fingerprint() {
      return fingerprint;
    },
    settings: { host: '127.0.0.1', port, username: user?.name ?? os.userInfo().username, privateKey: client.privateKey, timeoutMs: 5000 },
    root: (serverId) => {
      const root = path.join(dir, 'far', String(serverId));
      if (user && !fs.existsSync(root)) {
        fs.mkdirSync(root);
        fs.chownSync(root, user.uid, user.gid);
      }
      return root;
    },
    async changeHostKey() {
      await halt();
      newHostKey();
      await run();
    },
    async stop() {
      await halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
