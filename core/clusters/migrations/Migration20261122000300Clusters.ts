import { Migration } from '@mikro-orm/migrations';

/** The clusters tables of the foundation. */
export class Migration20261122000300Clusters extends Migration {
  override up(): void {
    this.addSql(`create table "clusters" ("id" serial primary key, "number" varchar(32) not null, "name" varchar(255) not null, "description" text null, "customer_id" int not null, "architecture" text not null, "sla" text not null, "application" varchar(64) null, "distribution" varchar(64) not null, "cpu" int not null, "ram_gb" int not null, "nvme_ssd_gb" int not null, "nvme_database_gb" int not null default 0, "nvme_storage_gb" int not null default 0, "ipv4count" int not null default 1, "ipv6count" int not null default 1, "addon_two_factor" boolean not null default false, "addon_vpn" boolean not null default false, "addon_php_extended_support" boolean not null default false, "contract_mode" text not null default 'production', "contract_start" timestamptz not null, "status" text not null default 'active', "force_two_factor" boolean not null default false);`);
    this.addSql(`alter table "clusters" add constraint "clusters_number_unique" unique ("number");`);
    this.addSql(`create index "clusters_customer_id_index" on "clusters" ("customer_id");`);
    this.addSql(`alter table "clusters" add constraint "clusters_architecture_check" check ("architecture" in ('web_cluster', 'extended_web_cluster', 'cloud_web_cluster'));`);
    this.addSql(`alter table "clusters" add constraint "clusters_sla_check" check ("sla" in ('basic', 'business', 'enterprise', 'dev'));`);
    this.addSql(`alter table "clusters" add constraint "clusters_contract_mode_check" check ("contract_mode" in ('production', 'development'));`);
    this.addSql(`alter table "clusters" add constraint "clusters_status_check" check ("status" in ('active', 'in_termination', 'terminated', 'completed', 'cancelled', 'failed', 'pending'));`);
    this.addSql(`create table "servers" ("id" serial primary key, "cluster_id" int not null, "name" varchar(253) not null, "role" text not null, "ipv4" varchar(15) null, "services" jsonb not null);`);
    this.addSql(`create index "servers_cluster_id_index" on "servers" ("cluster_id");`);
    this.addSql(`alter table "servers" add constraint "servers_cluster_id_name_unique" unique ("cluster_id", "name");`);
    this.addSql(`alter table "servers" add constraint "servers_role_check" check ("role" in ('loadbalancer', 'web', 'database', 'cache', 'search', 'storage'));`);
    this.addSql(`create table "cluster_administrators" ("id" serial primary key, "cluster_id" int not null, "user_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "cluster_administrators_cluster_id_index" on "cluster_administrators" ("cluster_id");`);
    this.addSql(`create index "cluster_administrators_user_id_index" on "cluster_administrators" ("user_id");`);
    this.addSql(`alter table "cluster_administrators" add constraint "cluster_administrators_cluster_id_user_id_unique" unique ("cluster_id", "user_id");`);
    this.addSql(`alter table "clusters" add constraint "clusters_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "servers" add constraint "servers_cluster_id_foreign" foreign key ("cluster_id") references "clusters" ("id") on delete cascade;`);
    this.addSql(`alter table "cluster_administrators" add constraint "cluster_administrators_cluster_id_foreign" foreign key ("cluster_id") references "clusters" ("id") on delete cascade;`);
    this.addSql(`alter table "cluster_administrators" add constraint "cluster_administrators_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }
}
