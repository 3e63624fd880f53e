import { defineReportScheduleEntity } from '@portal/plugin-sdk/server';

/** The report schedule of a server (`shop_performance_report_schedules`): off, daily or weekly, Europe/Berlin. */
export const ShopPerformanceSchedule = defineReportScheduleEntity('shop-performance');
