/**
 * cron as this plugin uses it (`ProgramDescriptor`): one file in `/etc/cron.d`, which cron reads by itself
 * (nothing to check or reload). No imports beyond the SDK's program entry: the generator reads the paths.
 */
import { definePrograms } from '@portal/plugin-sdk/program';

export default definePrograms([{ id: 'cron', paths: ['/etc/cron.d/portal'], privileged: true, service: { unit: 'cron', reload: 'none' } }]);
