import { Migration20261122000100Accounts } from './accounts/migrations/Migration20261122000100Accounts.ts';
import { Session } from './accounts/Session.ts';
import { PersonalAccessToken } from './accounts/PersonalAccessToken.ts';
import { TwoFactorAuthentication } from './accounts/TwoFactorAuthentication.ts';
import { TwoFactorChallenge } from './accounts/TwoFactorChallenge.ts';
import { TwoFactorRecoveryCode } from './accounts/TwoFactorRecoveryCode.ts';
import { Migration20261122110000Security } from './accounts/migrations/Migration20261122110000Security.ts';
import { User } from './accounts/User.ts';
import { Cluster } from './clusters/Cluster.ts';
import { ClusterAdministrator } from './clusters/ClusterAdministrator.ts';
import { Migration20261122000300Clusters } from './clusters/migrations/Migration20261122000300Clusters.ts';
import { Server } from './clusters/Server.ts';
import { ClusterFavourite } from './clusters/ClusterFavourite.ts';
import { Migration20261124064500ClusterFavourites } from './clusters/migrations/Migration20261124064500ClusterFavourites.ts';
import { Customer } from './customers/Customer.ts';
import { CustomerManager } from './customers/CustomerManager.ts';
import { LocalCardToken } from './customers/LocalCardToken.ts';
import { DomainHandle, DomainHandleUsage } from './customers/DomainHandle.ts';
import { Migration20261124063000DomainHandles } from './customers/migrations/Migration20261124063000DomainHandles.ts';
import { Migration20261124060000CustomerPayment } from './customers/migrations/Migration20261124060000CustomerPayment.ts';
import { Migration20261122000200Customers } from './customers/migrations/Migration20261122000200Customers.ts';
import { Impersonation } from './accounts/Impersonation.ts';
import { Invitation } from './accounts/Invitation.ts';
import { Migration20261122120100Invitations } from './accounts/migrations/Migration20261122120100Invitations.ts';
import { Migration20261122120200Impersonation } from './accounts/migrations/Migration20261122120200Impersonation.ts';
import { AuditLogEntry } from './platform/AuditLogEntry.ts';
import { Migration20261122120000AuditLog } from './platform/migrations/Migration20261122120000AuditLog.ts';
import { EmailVerificationCode } from './accounts/EmailVerificationCode.ts';
import { PasswordResetToken } from './accounts/PasswordResetToken.ts';
import { Migration20261122100000Profile } from './accounts/migrations/Migration20261122100000Profile.ts';

/** Every core entity, for the ORM's metadata discovery. */
export const coreEntities = [User, Session, Customer, CustomerManager, Cluster, Server, ClusterAdministrator, Invitation, Impersonation, AuditLogEntry, TwoFactorAuthentication, TwoFactorRecoveryCode, TwoFactorChallenge, PersonalAccessToken, EmailVerificationCode, PasswordResetToken, LocalCardToken, DomainHandle, DomainHandleUsage, ClusterFavourite];

/** Every core migration; the ORM runs them ordered by name (timestamp). */
export const coreMigrations = [Migration20261122000100Accounts, Migration20261122000200Customers, Migration20261122000300Clusters, Migration20261122120000AuditLog, Migration20261122120100Invitations, Migration20261122120200Impersonation, Migration20261122110000Security, Migration20261122100000Profile, Migration20261124060000CustomerPayment, Migration20261124063000DomainHandles, Migration20261124064500ClusterFavourites];
