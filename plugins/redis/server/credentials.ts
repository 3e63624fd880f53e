/**
 * The portal's own management user of a server's redis (`portal`, `acl.ts`): what the live figures, `INFO`/`CONFIG
 * GET` and flush log in as, so they keep working when the default user is switched off. Its password is generated
 * once per server (`ensurePortalCredential`, in `prepare` before the first render that needs it), sealed with the
 * portal's secret box (`ports.secrets`) and opened only to log in; only its hash is written into the file.
 */
import { generatePassword, type PluginDatabase, type PluginPorts } from '@portal/plugin-sdk/server';
import { passwordHash } from './acl.ts';
import { RedisPortalCredential } from './entities.ts';

type Ports = Pick<PluginPorts, 'database' | 'secrets'>;
let ports: Ports | undefined;

/** Handed over when the plugin's handlers are built (the secret box and a database to read the credential from). */
export const useCredentialPorts = (p: Ports) => void (ports = p);

/** Sealed for one server: a sealed value copied to another server's row does not open. */
const context = (serverId: number) => `redis-portal:${serverId}`;

/** The hash of the server's management password, made (and stored) when there is none yet. */
export async function ensurePortalCredential(serverId: number): Promise<string> {
  if (!ports) throw new Error('redis: the secret box is not ready (handlers not built yet)');
  const em = ports.database.fork() as PluginDatabase;
  const found = await em.findOne(RedisPortalCredential, { serverId });
  if (found) return found.passwordHash;
  const password = generatePassword();
  try {
    em.create(RedisPortalCredential, { serverId, sealed: ports.secrets.seal(password, context(serverId)), passwordHash: passwordHash(password) });
    await em.flush();
    return passwordHash(password);
  } catch (e) {
    // Two first applies at once: the other one's row stands (unique per server).
    const other = await (ports.database.fork() as PluginDatabase).findOne(RedisPortalCredential, { serverId });
    if (other) return other.passwordHash;
    throw e;
  }
}

/** The management user's name and password of a server, `undefined` while there is none. */
export async function portalLogin(serverId: number): Promise<{ username: string; password: string } | undefined> {
  if (!ports) return undefined;
  const row = await (ports.database.fork() as PluginDatabase).findOne(RedisPortalCredential, { serverId });
  return row ? { username: 'portal', password: ports.secrets.open(row.sealed, context(serverId)) } : undefined;
}
