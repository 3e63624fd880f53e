import {
  Migration20261122000100Accounts,
  Session,
  PersonalAccessToken,
  TwoFactorAuthentication,
  TwoFactorChallenge,
  TwoFactorRecoveryCode,
  Migration20261122110000Security,
  Impersonation,
  Invitation,
  Migration20261122120100Invitations,
  Migration20261122120200Impersonation,
  EmailVerificationCode,
  PasswordResetToken,
  Migration20261122100000Profile,
} from './accounts/index.ts';
import { ClusterFavourite, Migration20261122000300Clusters, Migration20261124064500ClusterFavourites } from './clusters/index.ts';
import { Cluster, ClusterAdministrator, Customer, CustomerManager, Server, User } from './tenancy/index.ts';
import {
  DomainHandle,
  DomainHandleUsage,
  LocalCardToken,
  Migration20261122000200Customers,
  Migration20261124060000CustomerPayment,
  Migration20261124063000DomainHandles,
  CustomerDocument,
  DpaConclusion,
  Migration20261124090000CustomerDocuments,
  Migration20261127230000CustomerBeta,
} from './customers/index.ts';
import { AuditLogEntry, Migration20261122120000AuditLog } from './platform/index.ts';
import { managedEntities, managedMigrations } from './managed/index.ts';
import { ClusterTermination, DomainContract, Invoice, InvoicePosition, Migration20261124060000Billing, Migration20261124063000Invoices, Migration20261124100000InvoiceNumberSearch } from './billing/index.ts';
import {
  BuiltInNoticeRead,
  Migration20261124090000Notifications,
  Notification,
} from './notifications/index.ts';
import {
  CommissionCredit,
  Migration20261124090000Partner,
  Partner,
  PartnerContract,
  PartnerUser,
  SalesMaterial,
} from './partner/index.ts';
import { Migration20261124090000Ordering, Order, OrderIdempotencyKey, PriceListEntry } from './ordering/index.ts';
import { Migration20261128000000Webhooks, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './webhooks/index.ts';
import { CertificateOrderKey, CertificateOwner, Migration20261124130000CertificateOrders, Migration20261124160000ActiveDomainOrderUnique, Migration20261127210000CertificateOwnerFields } from './ordering/index.ts';

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
  CustomerDocument,
  DpaConclusion,
  Notification,
  BuiltInNoticeRead,
  Partner,
  PartnerUser,
  PartnerContract,
  CommissionCredit,
  SalesMaterial,
  Order,
  OrderIdempotencyKey,
  PriceListEntry,
  CertificateOwner,
  CertificateOrderKey,
  WebhookEndpoint,
  WebhookDelivery,
  WebhookAttempt,
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
  Migration20261124090000CustomerDocuments,
  Migration20261124090000Notifications,
  Migration20261124090000Partner,
  Migration20261124100000InvoiceNumberSearch,
  Migration20261124090000Ordering,
  Migration20261124130000CertificateOrders,
  Migration20261124160000ActiveDomainOrderUnique,
  Migration20261127210000CertificateOwnerFields,
  Migration20261127230000CustomerBeta,
  Migration20261128000000Webhooks,
];
