import { Migration } from '@mikro-orm/migrations';

/** Outgoing webhooks (issue 30): endpoints of customers and clusters, their deliveries and attempts. */
export class Migration20261128000000Webhooks extends Migration {
  override up(): void {
    this.addSql(
      `create table "webhook_endpoints" ("id" serial primary key, "customer_id" int null, "cluster_id" int null, "url" varchar(2000) not null, "description" varchar(200) not null default '', "events" jsonb not null, "enabled" boolean not null default true, "disabled_reason" varchar(20) null, "disabled_at" timestamptz null, "failing_since" timestamptz null, "secret_sealed" text not null, "previous_secret_sealed" text null, "previous_secret_valid_until" timestamptz null, "secret_rotated_at" timestamptz null, "created_by_id" int null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "webhook_endpoints_customer_id_index" on "webhook_endpoints" ("customer_id");`);
    this.addSql(`create index "webhook_endpoints_cluster_id_index" on "webhook_endpoints" ("cluster_id");`);
    this.addSql(
      `create table "webhook_deliveries" ("id" serial primary key, "endpoint_id" int not null, "event_id" varchar(64) not null, "event_type" varchar(60) not null, "body" text not null, "status" varchar(20) not null default 'pending', "attempts" int not null default 0, "series_attempts" int not null default 0, "next_attempt_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "webhook_deliveries_endpoint_id_created_at_index" on "webhook_deliveries" ("endpoint_id", "created_at");`);
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_event_id_unique" unique ("endpoint_id", "event_id");`);
    this.addSql(
      `create table "webhook_attempts" ("id" serial primary key, "delivery_id" int not null, "at" timestamptz not null, "response_status" smallint null, "response_body" varchar(500) not null default '', "error" varchar(100) null, "duration_ms" int not null);`,
    );
    this.addSql(`create index "webhook_attempts_delivery_id_at_index" on "webhook_attempts" ("delivery_id", "at");`);
    this.addSql(`alter table "webhook_endpoints" add constraint "webhook_endpoints_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_endpoints" add constraint "webhook_endpoints_cluster_id_foreign" foreign key ("cluster_id") references "clusters" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_endpoints" add constraint "webhook_endpoints_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_attempts" add constraint "webhook_attempts_delivery_id_foreign" foreign key ("delivery_id") references "webhook_deliveries" ("id") on delete cascade;`);
  }
}
