import { definePrograms } from '@portal/plugin-sdk/program';

/**
 * The scan writes nothing: it only reads the document roots below the web server family's web root (`/var/www`)
 * and runs `find` there. No service, no validation, no reload.
 */
export default definePrograms([{ id: 'shop-security', paths: [], reads: ['/var/www', '/var/www/**'] }]);
