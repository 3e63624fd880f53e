export { Customer, paymentMethods } from './Customer.ts';
export { CustomerManager } from './CustomerManager.ts';
export { Migration20261122000200Customers } from './migrations/Migration20261122000200Customers.ts';
