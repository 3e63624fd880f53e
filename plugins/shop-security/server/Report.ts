import { defineReportEntity } from '@portal/plugin-sdk/server';

/** The scans of a server (`shop_security_reports`), one row per run with its findings. */
export const ShopSecurityReport = defineReportEntity('shop-security');
