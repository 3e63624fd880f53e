import { defineReportEntity } from '@portal/plugin-sdk/server';

/** The performance reports of a server (`shop_performance_reports`), one row per run with its figures. */
export const ShopPerformanceReport = defineReportEntity('shop-performance');
