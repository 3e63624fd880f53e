import { definePrograms } from '@portal/plugin-sdk/program';

/**
 * A performance report writes nothing: it reads the web servers' access logs (the web server family's
 * `portal_json` format) and php-fpm's log, the web servers' rendered site files (which sites to probe through
 * the private web server), MariaDB's slow log and the mysql module's options file that says whether it is on, and
 * the profiler module's profile facts (`<id>.json`, not the stacks). No service, no validation, no reload.
 */
export default definePrograms([
  {
    id: 'shop-performance',
    paths: [],
    reads: ['/var/log/nginx', '/var/log/nginx/*', '/var/log/apache2', '/var/log/apache2/*', '/var/log/php*-fpm.log', '/etc/nginx/portal/sites', '/etc/nginx/portal/sites/*', '/etc/apache2/portal/sites', '/etc/apache2/portal/sites/*', '/var/log/mysql/mariadb-slow.log', '/etc/mysql/mariadb.conf.d/60-portal.cnf', '/var/lib/portal-profiler/profiles', '/var/lib/portal-profiler/profiles/*.json'],
  },
]);
