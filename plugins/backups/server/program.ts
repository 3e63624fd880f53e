/**
 * restic as this plugin uses it (`ProgramDescriptor`): the plan file and the repository's directories are the
 * plugin's (`/etc/portal/backups`, `/var/backups/portal`), the document roots are read (backed up) and — by
 * a restore's `restic restore`/`rsync`, path arguments the gateway translates — written on promote. Nothing
 * runs as a service: each run is one `restic` command through the gateway, so an ssh gateway runs the same
 * commands on a real server. Database plans reach the server's MariaDB through its socket (a declared read).
 * No imports beyond the SDK's program entry: the generator reads the paths.
 */
import { definePrograms } from '@portal/plugin-sdk/program';

export default definePrograms([
  {
    id: 'restic',
    paths: ['/etc/portal/backups/**', '/var/backups/portal/**'],
    // The document roots: backed up, and written by a promote (rsync into their parent, a path argument). The
    // socket of the server's MariaDB (the mysql module's instance): database plans dump through it (`mariadb-dump`,
    // `mariadb`, the connector) as its unix_socket administrator — read, never owned: the mysql module owns its files.
    reads: ['/var/www', '/var/www/**', '/run/mysqld/mysqld.sock'],
    privileged: true,
  },
]);
