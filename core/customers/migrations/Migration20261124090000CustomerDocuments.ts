import { Migration } from '@mikro-orm/migrations';

/** Documents of customers (and general ones) and the conclusions of the data processing agreement. */
export class Migration20261124090000CustomerDocuments extends Migration {
  override up(): void {
    this.addSql(`create table "customer_documents" ("id" serial primary key, "customer_id" int null, "cluster_id" int null, "kind" text not null, "title" varchar(255) not null, "file_name" varchar(255) not null, "content_type" varchar(127) not null, "size" int not null, "storage_key" varchar(255) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "customer_documents_customer_id_index" on "customer_documents" ("customer_id");`);
    this.addSql(`create index "customer_documents_cluster_id_index" on "customer_documents" ("cluster_id");`);
    this.addSql(`alter table "customer_documents" add constraint "customer_documents_storage_key_unique" unique ("storage_key");`);
    this.addSql(`alter table "customer_documents" add constraint "customer_documents_kind_check" check ("kind" in ('contract', 'order_confirmation', 'dpa', 'toms', 'terms', 'price_list', 'service_description', 'other'));`);
    this.addSql(`alter table "customer_documents" add constraint "customer_documents_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`create table "dpa_conclusions" ("id" serial primary key, "customer_id" int not null, "version" varchar(16) not null, "concluded_by_id" int null, "concluded_by_name" varchar(255) not null, "concluded_at" timestamptz not null, "document_id" int null);`);
    this.addSql(`create index "dpa_conclusions_customer_id_index" on "dpa_conclusions" ("customer_id");`);
    this.addSql(`alter table "dpa_conclusions" add constraint "dpa_conclusions_customer_id_version_unique" unique ("customer_id", "version");`);
    this.addSql(`alter table "dpa_conclusions" add constraint "dpa_conclusions_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "dpa_conclusions" add constraint "dpa_conclusions_concluded_by_id_foreign" foreign key ("concluded_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "dpa_conclusions" add constraint "dpa_conclusions_document_id_foreign" foreign key ("document_id") references "customer_documents" ("id") on delete set null;`);
  }
}
