export { Customer, paymentMethods } from './Customer.ts';
export { CustomerManager } from './CustomerManager.ts';
export { Migration20261122000200Customers } from './migrations/Migration20261122000200Customers.ts';
export { vatIdError, vatIdRequired, compactVatId, euCountries } from './vatId.ts';
export { customerNotFound, findManagedCustomer, listManagedCustomersOf } from './access.ts';
export { updateCustomerData, customerDataErrors, parseEmailList, effectiveReminderEmails, activeManagers, type CustomerData } from './customerData.ts';
export {
  customerTeam,
  inviteToCustomer,
  resendInvitation,
  deleteInvitation,
  removeCustomerManager,
  removeClusterAdministrator,
  type CustomerTeam,
  type TeamContext,
  type NewTeamInvitation,
} from './team.ts';
