import { Migration } from '@mikro-orm/migrations';

/** Orders, their idempotency keys and the price list (seeded). */
export class Migration20261124090000Ordering extends Migration {
  override up(): void {
    this.addSql(`create table "order_price_list" ("code" varchar(64) not null, "period" text not null, "net_cents" int not null, primary key ("code"));`);
    this.addSql(`create table "orders" ("id" serial primary key, "number" varchar(32) not null, "type" text not null, "status" text not null default 'pending', "customer_id" int not null, "ordered_by_id" int null, "ordered_at" timestamptz not null, "updated_at" timestamptz not null, "details" jsonb not null, "price_lines" jsonb not null, "monthly_net_cents" int not null, "one_time_net_cents" int not null, "domain" varchar(253) null, "cluster_id" int null, "failure_reason" varchar(64) null);`);
    this.addSql(`alter table "orders" add constraint "orders_number_unique" unique ("number");`);
    this.addSql(`create index "orders_customer_id_index" on "orders" ("customer_id");`);
    this.addSql(`create table "order_idempotency_keys" ("id" serial primary key, "user_id" int not null, "key" varchar(255) not null, "request_hash" varchar(64) not null, "order_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "order_idempotency_keys_user_id_index" on "order_idempotency_keys" ("user_id");`);
    this.addSql(`alter table "order_idempotency_keys" add constraint "order_idempotency_keys_user_id_key_unique" unique ("user_id", "key");`);
    this.addSql(`alter table "order_price_list" add constraint "order_price_list_period_check" check ("period" in ('month', 'year', 'once'));`);
    this.addSql(`alter table "orders" add constraint "orders_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "orders" add constraint "orders_ordered_by_id_foreign" foreign key ("ordered_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "orders" add constraint "orders_cluster_id_foreign" foreign key ("cluster_id") references "clusters" ("id") on delete set null;`);
    this.addSql(`alter table "orders" add constraint "orders_type_check" check ("type" in ('cluster', 'domain', 'certificate'));`);
    this.addSql(`alter table "orders" add constraint "orders_status_check" check ("status" in ('accepted', 'open', 'completed', 'declined', 'cancelled', 'preparation_in_progress', 'preparation_failed', 'preparation_completed', 'pending'));`);
    this.addSql(`alter table "order_idempotency_keys" add constraint "order_idempotency_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "order_idempotency_keys" add constraint "order_idempotency_keys_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
    // The price list (euro cents, net). The spec shows no prices: these are the portal's list (docs/decisions.md, Ordering);
    // the cluster prices equal the billing module's, so a contract costs what its order said.
    this.addSql(`insert into "order_price_list" ("code", "period", "net_cents") values
      ('cluster.base.web_cluster', 'month', 4900),
      ('cluster.base.extended_web_cluster', 'month', 9900),
      ('cluster.base.cloud_web_cluster', 'month', 19900),
      ('cluster.sla.basic', 'month', 0),
      ('cluster.sla.business', 'month', 14900),
      ('cluster.sla.enterprise', 'month', 49900),
      ('cluster.sla.dev', 'month', 2900),
      ('cluster.cpu', 'month', 1200),
      ('cluster.ram_gb', 'month', 400),
      ('cluster.nvme_ssd_gb', 'month', 20),
      ('cluster.nvme_storage_5gb', 'month', 50),
      ('cluster.ipv4', 'month', 300),
      ('cluster.ipv6', 'month', 100),
      ('cluster.addon.two_factor', 'month', 500),
      ('cluster.addon.vpn', 'month', 1500),
      ('cluster.addon.php_extended_support', 'month', 2500),
      ('cluster.setup.web_cluster', 'once', 9900),
      ('cluster.setup.extended_web_cluster', 'once', 19900),
      ('cluster.setup.cloud_web_cluster', 'once', 29900),
      ('domain.tld.de', 'year', 1200),
      ('domain.tld.com', 'year', 1500),
      ('domain.tld.net', 'year', 1500),
      ('domain.tld.org', 'year', 1500),
      ('domain.tld.eu', 'year', 1000),
      ('domain.tld.at', 'year', 1800),
      ('domain.tld.ch', 'year', 1500),
      ('domain.tld.se', 'year', 2500),
      ('certificate.domain_ssl', 'year', 4900),
      ('certificate.multi_domain_ssl', 'year', 14900),
      ('certificate.multi_domain_ssl.extra_domain', 'year', 3900),
      ('certificate.wildcard_ssl', 'year', 14900),
      ('certificate.organization_ssl', 'year', 9900),
      ('certificate.organization_wildcard_ssl', 'year', 24900),
      ('certificate.extended_ssl', 'year', 29900),
      ('certificate.multi_extended_ssl', 'year', 39900),
      ('certificate.multi_extended_ssl.extra_domain', 'year', 5900);`);
  }
}
