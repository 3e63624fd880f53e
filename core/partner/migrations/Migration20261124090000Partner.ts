import { Migration } from '@mikro-orm/migrations';

/** The partner programme: partners, their authorised users, contracts, commission credits and sales material. */
export class Migration20261124090000Partner extends Migration {
  override up(): void {
    this.addSql(`create table "partners" ("id" serial primary key, "number" int not null, "name" varchar(255) not null, "customer_id" int null, "partnership_start" varchar(10) not null, "partnership_end" varchar(10) null);`);
    this.addSql(`alter table "partners" add constraint "partners_number_unique" unique ("number");`);
    this.addSql(`create index "partners_customer_id_index" on "partners" ("customer_id");`);
    this.addSql(`alter table "partners" add constraint "partners_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete set null;`);
    this.addSql(`create table "partner_users" ("id" serial primary key, "partner_id" int not null, "user_id" int not null, "role" text not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "partner_users" add constraint "partner_users_partner_id_user_id_unique" unique ("partner_id", "user_id");`);
    this.addSql(`create index "partner_users_partner_id_index" on "partner_users" ("partner_id");`);
    this.addSql(`create index "partner_users_user_id_index" on "partner_users" ("user_id");`);
    this.addSql(`alter table "partner_users" add constraint "partner_users_partner_id_foreign" foreign key ("partner_id") references "partners" ("id") on delete cascade;`);
    this.addSql(`alter table "partner_users" add constraint "partner_users_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "partner_users" add constraint "partner_users_role_check" check ("role" in ('manager', 'authorized'));`);
    this.addSql(`create table "partner_contracts" ("id" serial primary key, "partner_id" int not null, "customer_id" int not null, "number" varchar(32) not null, "starts_on" varchar(10) not null, "ends_on" varchar(10) null);`);
    this.addSql(`alter table "partner_contracts" add constraint "partner_contracts_number_unique" unique ("number");`);
    this.addSql(`create index "partner_contracts_partner_id_index" on "partner_contracts" ("partner_id");`);
    this.addSql(`create index "partner_contracts_customer_id_index" on "partner_contracts" ("customer_id");`);
    this.addSql(`alter table "partner_contracts" add constraint "partner_contracts_partner_id_foreign" foreign key ("partner_id") references "partners" ("id") on delete cascade;`);
    this.addSql(`alter table "partner_contracts" add constraint "partner_contracts_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`create table "partner_commission_credits" ("id" serial primary key, "partner_id" int not null, "customer_id" int not null, "number" varchar(32) not null, "created_on" varchar(10) not null, "paid_on" varchar(10) null, "purpose" varchar(255) not null, "period_start" varchar(10) not null, "period_end" varchar(10) not null, "revenue_cents" int not null, "amount_cents" int not null, "status" text not null);`);
    this.addSql(`alter table "partner_commission_credits" add constraint "partner_commission_credits_number_unique" unique ("number");`);
    this.addSql(`create index "partner_credits_partner_created_index" on "partner_commission_credits" ("partner_id", "created_on", "id");`);
    this.addSql(`create index "partner_commission_credits_customer_id_index" on "partner_commission_credits" ("customer_id");`);
    this.addSql(`alter table "partner_commission_credits" add constraint "partner_commission_credits_partner_id_foreign" foreign key ("partner_id") references "partners" ("id") on delete cascade;`);
    this.addSql(`alter table "partner_commission_credits" add constraint "partner_commission_credits_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "partner_commission_credits" add constraint "partner_commission_credits_status_check" check ("status" in ('open', 'approved', 'paid', 'cancelled'));`);
    this.addSql(`create table "partner_sales_materials" ("id" serial primary key, "name" varchar(255) not null, "file_name" varchar(255) not null, "media_type" varchar(100) not null, "language" text not null, "size_bytes" int not null, "published_on" varchar(10) not null, "content" bytea not null);`);
    this.addSql(`alter table "partner_sales_materials" add constraint "partner_sales_materials_language_check" check ("language" in ('de', 'en'));`);
  }
}
