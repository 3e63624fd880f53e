import {
  Migration20261122000100Accounts,
  Session,
  PersonalAccessToken,
  TwoFactorAuthentication,
  TwoFactorChallenge,
  TwoFactorRecoveryCode,
  Migration20261122110000Security,
  User,
  Impersonation,
  Invitation,
  Migration20261122120100Invitations,
  Migration20261122120200Impersonation,
  EmailVerificationCode,
  PasswordResetToken,
  Migration20261122100000Profile,
} from './accounts/index.ts';
import { Cluster, ClusterAdministrator, ClusterFavourite, Migration20261122000300Clusters, Migration20261124064500ClusterFavourites, Server } from './clusters/index.ts';
import {
  Customer,
  CustomerManager,
  DomainHandle,
  DomainHandleUsage,
  LocalCardToken,
  Migration20261122000200Customers,
  Migration20261124060000CustomerPayment,
  Migration20261124063000DomainHandles,
} from './customers/index.ts';
import { AuditLogEntry, Migration20261122120000AuditLog } from './platform/index.ts';
import { managedEntities, managedMigrations } from './managed/index.ts';
import { ClusterTermination, DomainContract, Invoice, InvoicePosition, Migration20261124060000Billing, Migration20261124063000Invoices } from './billing/index.ts';
import {
  CommissionCredit,
  Migration20261124090000Partner,
  Partner,
  PartnerContract,
  PartnerUser,
  SalesMaterial,
} from './partner/index.ts';

/** Every core entity, for the ORM's metadata discovery. */
export const coreEntities = [
  User,
  Session,
  Customer,
  CustomerManager,
  Cluster,
  Server,
  ClusterAdministrator,
  Invitation,
  Impersonation,
  AuditLogEntry,
  TwoFactorAuthentication,
  TwoFactorRecoveryCode,
  TwoFactorChallenge,
  PersonalAccessToken,
  EmailVerificationCode,
  PasswordResetToken,
  ...managedEntities,
  DomainContract,
  ClusterTermination,
  Invoice,
  InvoicePosition,
  LocalCardToken,
  DomainHandle,
  DomainHandleUsage,
  ClusterFavourite,
  Partner,
  PartnerUser,
  PartnerContract,
  CommissionCredit,
  SalesMaterial,
];

/** Every core migration; the ORM runs them ordered by name (timestamp). */
export const coreMigrations = [
  Migration20261122000100Accounts,
  Migration20261122000200Customers,
  Migration20261122000300Clusters,
  Migration20261122120000AuditLog,
  Migration20261122120100Invitations,
  Migration20261122120200Impersonation,
  Migration20261122110000Security,
  Migration20261122100000Profile,
  ...managedMigrations,
  Migration20261124060000Billing,
  Migration20261124063000Invoices,
  Migration20261124060000CustomerPayment,
  Migration20261124063000DomainHandles,
  Migration20261124064500ClusterFavourites,
  Migration20261124090000Partner,
];
