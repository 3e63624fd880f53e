import { defineReportEntity } from '@portal/plugin-sdk/server';

/** The upgrades of a server ("update now", `package_updates_reports`): one row per run, its progress and the packages it applied. */
export const PackageUpgrade = defineReportEntity('package-updates');
