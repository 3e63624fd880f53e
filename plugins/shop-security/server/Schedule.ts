import { defineReportScheduleEntity } from '@portal/plugin-sdk/server';

/** The scan schedule of a server (`shop_security_report_schedules`): off, daily or weekly, Europe/Berlin. */
export const ShopSecuritySchedule = defineReportScheduleEntity('shop-security');
