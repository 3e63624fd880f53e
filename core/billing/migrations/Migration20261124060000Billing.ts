import { Migration } from '@mikro-orm/migrations';

/** Billing: domain contracts and cluster terminations (at most one not aborted per contract, enforced under a row lock of the contract). */
export class Migration20261124060000Billing extends Migration {
  override up(): void {
    this.addSql(`create table "domain_contracts" ("id" serial primary key, "number" varchar(32) not null, "customer_id" int not null, "domain" varchar(253) not null, "registered_on" varchar(10) not null, "start_on" varchar(10) not null, "registration_ends_on" varchar(10) not null, "owner" varchar(255) not null, "contact_person" varchar(255) not null, "admin_contact" varchar(255) not null, "basic_fee_cents" int not null, "yearly_fee_cents" int not null, "premium_annual_cents" int null, "premium_one_time_cents" int null, "status" text not null default 'active', "termination_on" varchar(10) null, "termination_requested_at" timestamptz null, "auth_code_sealed" text null, "auth_code_generated_at" timestamptz null, "auth_code_valid_until" timestamptz null);`);
    this.addSql(`alter table "domain_contracts" add constraint "domain_contracts_number_unique" unique ("number");`);
    this.addSql(`create index "domain_contracts_customer_id_index" on "domain_contracts" ("customer_id");`);
    this.addSql(`create table "cluster_terminations" ("id" serial primary key, "cluster_id" int not null, "status" text not null default 'in_termination', "end_of_term" varchar(10) not null, "shutdown_on" varchar(10) not null, "deletion_on" varchar(10) not null, "reason" text null, "reason_text" text null, "created_by_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "aborted_at" timestamptz null, "confirmed_at" timestamptz null);`);
    this.addSql(`create index "cluster_terminations_cluster_id_index" on "cluster_terminations" ("cluster_id");`);
    this.addSql(`alter table "domain_contracts" add constraint "domain_contracts_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "domain_contracts" add constraint "domain_contracts_status_check" check ("status" in ('active', 'in_termination', 'terminated', 'completed', 'cancelled', 'failed', 'pending'));`);
    this.addSql(`alter table "cluster_terminations" add constraint "cluster_terminations_cluster_id_foreign" foreign key ("cluster_id") references "clusters" ("id") on delete cascade;`);
    this.addSql(`alter table "cluster_terminations" add constraint "cluster_terminations_status_check" check ("status" in ('in_termination', 'aborted', 'confirmed'));`);
    this.addSql(`alter table "cluster_terminations" add constraint "cluster_terminations_reason_check" check ("reason" in ('price', 'performance', 'support', 'features', 'migration', 'project_ended', 'other'));`);
  }
}
