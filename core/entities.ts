import { Migration20261122000100Accounts } from './accounts/migrations/Migration20261122000100Accounts.ts';
import { Session } from './accounts/Session.ts';
import { User } from './accounts/User.ts';
import { Cluster } from './clusters/Cluster.ts';
import { ClusterAdministrator } from './clusters/ClusterAdministrator.ts';
import { Migration20261122000300Clusters } from './clusters/migrations/Migration20261122000300Clusters.ts';
import { Server } from './clusters/Server.ts';
import { Customer } from './customers/Customer.ts';
import { CustomerManager } from './customers/CustomerManager.ts';
import { Migration20261122000200Customers } from './customers/migrations/Migration20261122000200Customers.ts';

/** Every core entity, for the ORM's metadata discovery. */
export const coreEntities = [User, Session, Customer, CustomerManager, Cluster, Server, ClusterAdministrator];

/** Every core migration; the ORM runs them ordered by name (timestamp). */
export const coreMigrations = [Migration20261122000100Accounts, Migration20261122000200Customers, Migration20261122000300Clusters];
