import { Migration } from '@mikro-orm/migrations';

/** The customers tables of the foundation. */
export class Migration20261122000200Customers extends Migration {
  override up(): void {
    this.addSql(`create table "customers" ("id" serial primary key, "number" int not null, "company" varchar(255) not null, "department" text null, "street" text not null, "zip" varchar(255) not null, "city" text not null, "country" varchar(2) not null default 'de', "phone" varchar(64) null, "language" text not null default 'de', "vat_id" varchar(32) null, "reference_sign" text null, "entered_at" timestamptz not null, "invoice_emails" text not null, "reminder_emails" text null, "contact_person_id" int null, "payment_method" text not null default 'transfer', "account_holder" text null, "iban" varchar(34) null, "bic" varchar(11) null, "card_last4" varchar(4) null, "dpa_status" text not null default 'not_concluded');`);
    this.addSql(`alter table "customers" add constraint "customers_number_unique" unique ("number");`);
    this.addSql(`alter table "customers" add constraint "customers_language_check" check ("language" in ('de', 'en'));`);
    this.addSql(`alter table "customers" add constraint "customers_payment_method_check" check ("payment_method" in ('transfer', 'debit', 'credit_card'));`);
    this.addSql(`alter table "customers" add constraint "customers_dpa_status_check" check ("dpa_status" in ('not_concluded', 'concluded'));`);
    this.addSql(`create table "customer_managers" ("id" serial primary key, "customer_id" int not null, "user_id" int not null, "active" boolean not null default true, "created_at" timestamptz not null);`);
    this.addSql(`create index "customer_managers_customer_id_index" on "customer_managers" ("customer_id");`);
    this.addSql(`create index "customer_managers_user_id_index" on "customer_managers" ("user_id");`);
    this.addSql(`alter table "customer_managers" add constraint "customer_managers_customer_id_user_id_unique" unique ("customer_id", "user_id");`);
    this.addSql(`alter table "customers" add constraint "customers_contact_person_id_foreign" foreign key ("contact_person_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "customer_managers" add constraint "customer_managers_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "customer_managers" add constraint "customer_managers_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }
}
