import { definePrograms } from '@portal/plugin-sdk/program';

/**
 * A performance report writes nothing: it reads the web servers' access logs (the web server family's
 * `portal_json` format) and php-fpm's log. No service, no validation, no reload.
 */
export default definePrograms([
  {
    id: 'shop-performance',
    paths: [],
    reads: ['/var/log/nginx', '/var/log/nginx/*', '/var/log/apache2', '/var/log/apache2/*', '/var/log/php*-fpm.log'],
  },
]);
