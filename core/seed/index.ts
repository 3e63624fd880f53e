export { demoPassword, demoLogins, hasDemoData, seedDemo } from './demo.ts';
export { demoInvitations, type DemoInvitation } from './invitationsDemo.ts';
export { demoStaff, resealDemoStaffSecret } from './impersonationsDemo.ts';
