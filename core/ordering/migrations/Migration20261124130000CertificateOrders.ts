import { Migration } from '@mikro-orm/migrations';

/** Certificate owners (a change adds a record) and the sealed key material of certificate orders. */
export class Migration20261124130000CertificateOrders extends Migration {
  override up(): void {
    this.addSql(`create table "certificate_owners" ("id" serial primary key, "customer_id" int not null, "company" varchar(120) not null, "street" varchar(120) not null, "zip" varchar(16) not null, "city" varchar(80) not null, "country" varchar(2) not null, "email" varchar(254) not null, "phone" varchar(40) not null, "created_at" timestamptz not null, "replaced_by" int null);`);
    this.addSql(`create index "certificate_owners_customer_id_index" on "certificate_owners" ("customer_id");`);
    this.addSql(`alter table "certificate_owners" add constraint "certificate_owners_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`create table "certificate_order_keys" ("order_id" int not null, "csr_pem" text not null, "private_key_sealed" text not null, "key_bits" int not null, "created_at" timestamptz not null, primary key ("order_id"));`);
    this.addSql(`alter table "certificate_order_keys" add constraint "certificate_order_keys_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
  }
}
