import { definePrograms } from '@portal/plugin-sdk/program';

/**
 * The scan writes nothing: it reads the document roots below the web server family's web root (`/var/www`) and
 * runs `find` there, reads the web servers' rendered site files (which sites to ask over HTTP, through the private
 * web server) and the crontabs (`/etc/cron.d`, `/var/spool/cron/crontabs`). No service, no validation, no reload.
 */
export default definePrograms([
  {
    id: 'shop-security',
    paths: [],
    reads: [
      '/var/www',
      '/var/www/**',
      '/etc/nginx/portal/sites',
      '/etc/nginx/portal/sites/*',
      '/etc/apache2/portal/sites',
      '/etc/apache2/portal/sites/*',
      '/etc/cron.d',
      '/etc/cron.d/*',
      '/var/spool/cron/crontabs',
      '/var/spool/cron/crontabs/*',
    ],
  },
]);
