/**
 * Reads one OpenSSH public key line (`ssh-ed25519 AAAA… comment`) with `sshpk`: the key type, its
 * size, the SHA256 fingerprint (as `ssh-keygen -l` shows it) and the canonical base64 of the key.
 * Only plain keys are accepted: no `authorized_keys` options (`command=`, `from=`, …), no private
 * keys, no certificates, only the types below, RSA with at least 3072 bits. The apply checks the written
 * files with the server's own `ssh-keygen -l -f` (skipped without `openssh-client`).
 */
import { checkEachFile, type ConfigFile, type ServerGateway } from '@portal/plugin-sdk/server';
import sshpk from 'sshpk';

/** Types accepted, as they appear at the start of the line. */
export const allowedTypes = ['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'ssh-rsa'] as const;
export type KeyType = (typeof allowedTypes)[number];

/** Known types the portal refuses: DSA (insecure), security-key types (the key library cannot read them), certificates. */
const refusedTypes = new Set([
  'ssh-dss',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
  'ssh-ed25519-cert-v01@openssh.com',
  'ssh-rsa-cert-v01@openssh.com',
  'ecdsa-sha2-nistp256-cert-v01@openssh.com',
  'ecdsa-sha2-nistp384-cert-v01@openssh.com',
  'ecdsa-sha2-nistp521-cert-v01@openssh.com',
  'ssh-dss-cert-v01@openssh.com',
]);

export const minRsaBits = 3072;
export const maxRsaBits = 16384;
export const publicKeyMaxLength = 16384;

export type KeyProblem =
  | 'required'
  | 'private_key'
  | 'multiple_lines'
  | 'options_not_allowed'
  | 'type_not_allowed'
  | 'malformed'
  | 'rsa_too_short'
  | 'rsa_too_long';

export interface ParsedKey {
  type: KeyType;
  bits: number;
  /** `SHA256:…` without padding, like `ssh-keygen -l`. */
  fingerprint: string;
  /** The key's base64 (RFC 4253 wire format), canonical. */
  data: string;
  /** The comment after the key, if any (a label is proposed from it). */
  comment?: string;
}

export type KeyResult = { ok: true; key: ParsedKey } | { ok: false; problem: KeyProblem; bits?: number; type?: string };

const sshpkType: Record<KeyType, string> = {
  'ssh-ed25519': 'ed25519',
  'ecdsa-sha2-nistp256': 'ecdsa',
  'ecdsa-sha2-nistp384': 'ecdsa',
  'ecdsa-sha2-nistp521': 'ecdsa',
  'ssh-rsa': 'rsa',
};
const curveOf: Partial<Record<KeyType, string>> = { 'ecdsa-sha2-nistp256': 'nistp256', 'ecdsa-sha2-nistp384': 'nistp384', 'ecdsa-sha2-nistp521': 'nistp521' };

const isType = (t: string): t is KeyType => (allowedTypes as readonly string[]).includes(t);
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Parses and checks one public key as a user pasted it. */
export function parseKey(input: string): KeyResult {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'required' };
  if (/-----BEGIN|PRIVATE KEY/.test(text)) return { ok: false, problem: 'private_key' };
  if (/[\r\n\u2028\u2029]/.test(text)) return { ok: false, problem: 'multiple_lines' };
  if (text.length > publicKeyMaxLength || /[\p{Cc}]/u.test(text.replace(/\t/g, ' '))) return { ok: false, problem: 'malformed' };
  const [type, data, ...rest] = text.split(/[ \t]+/);
  if (!isType(type)) {
    if (refusedTypes.has(type)) return { ok: false, problem: 'type_not_allowed', type };
    // `command="…" ssh-ed25519 AAAA…`: options in front of a key.
    const later = text.split(/[ \t]+/).slice(1).find((t) => isType(t) || refusedTypes.has(t));
    if (later) return { ok: false, problem: 'options_not_allowed' };
    return { ok: false, problem: 'malformed' };
  }
  if (!data || !base64.test(data)) return { ok: false, problem: 'malformed' };
  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(`${type} ${data}`, 'ssh');
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (key.type !== sshpkType[type] || (curveOf[type] && key.curve !== curveOf[type])) return { ok: false, problem: 'malformed' };
  const canonical = key.toBuffer('rfc4253').toString('base64');
  // sshpk reads a prefix of trailing garbage as a comment; the key must be exactly what was sent.
  if (canonical.replace(/=+$/, '') !== data.replace(/=+$/, '')) return { ok: false, problem: 'malformed' };
  if (key.type === 'rsa' && key.size < minRsaBits) return { ok: false, problem: 'rsa_too_short', bits: key.size };
  if (key.type === 'rsa' && key.size > maxRsaBits) return { ok: false, problem: 'rsa_too_long', bits: key.size };
  const comment = rest.join(' ').trim();
  return {
    ok: true,
    key: { type, bits: key.size, fingerprint: key.fingerprint('sha256').toString(), data: canonical, ...(comment ? { comment } : {}) },
  };
}

/** The fingerprints `ssh-keygen -l` prints, one per key line (`256 SHA256:… comment (ED25519)`). */
export const fingerprintsOf = (output: string): string[] =>
  output
    .split('\n')
    .map((l) => /^\d+ (SHA256:[A-Za-z0-9+/]+) /.exec(l.trim())?.[1])
    .filter((f): f is string => !!f);

/** The fingerprints a rendered file should show, computed by the portal from its key lines. */
export const expectedFingerprints = (file: ConfigFile): string[] =>
  file.content
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const r = parseKey(l);
      return r.ok ? r.key.fingerprint : `unreadable: ${l.slice(0, 40)}`;
    });

/** `steps.validate`: every key of every file must be readable by OpenSSH and show exactly the fingerprints the portal computed. */
export const validateAuthorizedKeys = (gateway: ServerGateway, files: readonly ConfigFile[]) =>
  checkEachFile(gateway, files, {
    tool: 'ssh-keygen',
    args: (file) => ['-l', '-f', file],
    none: 'no authorized_keys files (no keys)',
    verify: (file, stdout) => {
      const want = expectedFingerprints(file).sort();
      const got = fingerprintsOf(stdout).sort();
      return want.length === got.length && want.every((f, i) => f === got[i]) ? undefined : `expected: ${want.join(', ')}`;
    },
  });
