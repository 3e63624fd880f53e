import { Migration } from '@mikro-orm/migrations';

/** Domain handles (domain contacts) of customers and which contracts use them. */
export class Migration20261124063000DomainHandles extends Migration {
  override up(): void {
    this.addSql(`create table "domain_handles" ("id" serial primary key, "customer_id" int not null, "handle" varchar(32) not null, "kind" text not null, "se_owner" boolean not null default false, "company" varchar(255) null, "firstname" varchar(255) not null, "surname" varchar(255) not null, "street" varchar(255) not null, "postal_code" varchar(32) not null, "city" varchar(255) not null, "country" varchar(2) not null, "email" varchar(254) not null, "phone" varchar(64) not null, "fax" varchar(64) null, "id_card_number" varchar(64) null, "birthday" varchar(10) null, "company_registration_number" varchar(64) null, "tax_id" varchar(64) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "domain_handles_customer_id_index" on "domain_handles" ("customer_id");`);
    this.addSql(`alter table "domain_handles" add constraint "domain_handles_handle_unique" unique ("handle");`);
    this.addSql(`alter table "domain_handles" add constraint "domain_handles_kind_check" check ("kind" in ('person', 'company'));`);
    this.addSql(`alter table "domain_handles" add constraint "domain_handles_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`create table "domain_handle_usages" ("id" serial primary key, "handle_id" int not null, "contract_number" varchar(32) not null, "domain" varchar(253) not null, "role" text not null);`);
    this.addSql(`create index "domain_handle_usages_handle_id_index" on "domain_handle_usages" ("handle_id");`);
    this.addSql(`alter table "domain_handle_usages" add constraint "domain_handle_usages_role_check" check ("role" in ('owner', 'admin_c'));`);
    this.addSql(`alter table "domain_handle_usages" add constraint "domain_handle_usages_handle_id_foreign" foreign key ("handle_id") references "domain_handles" ("id") on delete restrict;`);
  }
}
