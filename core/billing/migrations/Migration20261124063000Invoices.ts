import { Migration } from '@mikro-orm/migrations';

/** Invoices and their positions; indexes for keyset pages per customer (by day, by status) and number search. */
export class Migration20261124063000Invoices extends Migration {
  override up(): void {
    this.addSql(`create table "invoices" ("id" serial primary key, "customer_id" int not null, "number" varchar(32) not null, "issued_on" varchar(10) not null, "due_on" varchar(10) not null, "period_start" varchar(10) not null, "period_end" varchar(10) not null, "status" text not null, "payment_method" text not null, "net_cents" int not null, "vat_cents" int not null, "gross_cents" int not null, "public_token_hash" varchar(64) null, "public_expires_at" timestamptz null);`);
    this.addSql(`alter table "invoices" add constraint "invoices_number_unique" unique ("number");`);
    this.addSql(`alter table "invoices" add constraint "invoices_public_token_hash_unique" unique ("public_token_hash");`);
    this.addSql(`create index "invoices_customer_issued_index" on "invoices" ("customer_id", "issued_on", "id");`);
    this.addSql(`create index "invoices_customer_status_issued_index" on "invoices" ("customer_id", "status", "issued_on", "id");`);
    this.addSql(`create index "invoices_customer_number_index" on "invoices" ("customer_id", "number");`);
    this.addSql(`create table "invoice_positions" ("id" serial primary key, "invoice_id" int not null, "position" int not null, "kind" varchar(40) not null, "subject" varchar(255) not null, "period_start" varchar(10) not null, "period_end" varchar(10) not null, "quantity" int not null, "unit" text not null, "unit_price4" int not null, "net_cents" int not null);`);
    this.addSql(`create index "invoice_positions_invoice_id_index" on "invoice_positions" ("invoice_id");`);
    this.addSql(`alter table "invoices" add constraint "invoices_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "invoices" add constraint "invoices_status_check" check ("status" in ('open', 'paid', 'overdue', 'cancelled', 'credited'));`);
    this.addSql(`alter table "invoices" add constraint "invoices_payment_method_check" check ("payment_method" in ('transfer', 'debit', 'credit_card'));`);
    this.addSql(`alter table "invoice_positions" add constraint "invoice_positions_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on delete cascade;`);
    this.addSql(`alter table "invoice_positions" add constraint "invoice_positions_unit_check" check ("unit" in ('month', 'day', 'piece', 'year'));`);
  }
}
