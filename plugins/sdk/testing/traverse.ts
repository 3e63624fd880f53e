/**
 * A test portal's sandbox lies in a private temporary directory (mode 0700, owned by the portal's user). A program
 * that switches to another user (ProFTPD's sessions as www-data, Postfix's daemons as postfix) must be able to pass
 * every directory above its files, as on a real server. Adds search permission (o+x, not read) to the directories
 * from the temporary directory down to `dirOnHost` (created when missing).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function letOthersTraverse(dirOnHost: string): Promise<void> {
  const tmp = await fs.realpath(os.tmpdir());
  await fs.mkdir(dirOnHost, { recursive: true });
  for (let dir = await fs.realpath(dirOnHost); dir.startsWith(`${tmp}/`); dir = path.dirname(dir)) {
    const mode = (await fs.stat(dir)).mode & 0o7777;
    await fs.chmod(dir, mode | 0o001);
  }
}
