import { Migration } from '@mikro-orm/migrations';

/** Invitations to manage a customer or to administrate a cluster. */
export class Migration20261122120100Invitations extends Migration {
  override up(): void {
    this.addSql(`create table "invitations" ("id" serial primary key, "email" varchar(254) not null, "role" text not null, "customer_id" int null, "cluster_id" int null, "token_hash" varchar(64) not null, "status" text not null default 'sent', "invited_by_id" int null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "responded_at" timestamptz null, "accepted_by_id" int null);`);
    this.addSql(`create index "invitations_email_index" on "invitations" ("email");`);
    this.addSql(`create index "invitations_customer_id_index" on "invitations" ("customer_id");`);
    this.addSql(`create index "invitations_cluster_id_index" on "invitations" ("cluster_id");`);
    this.addSql(`alter table "invitations" add constraint "invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "invitations" add constraint "invitations_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "invitations" add constraint "invitations_cluster_id_foreign" foreign key ("cluster_id") references "clusters" ("id") on delete cascade;`);
    this.addSql(`alter table "invitations" add constraint "invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "invitations" add constraint "invitations_accepted_by_id_foreign" foreign key ("accepted_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "invitations" add constraint "invitations_role_target_check" check (("role" = 'manager' and "customer_id" is not null and "cluster_id" is null) or ("role" = 'administrator' and "cluster_id" is not null and "customer_id" is null));`);
    this.addSql(`alter table "invitations" add constraint "invitations_role_check" check ("role" in ('manager', 'administrator'));`);
    this.addSql(`alter table "invitations" add constraint "invitations_status_check" check ("status" in ('sent', 'open', 'accepted', 'declined', 'deleted'));`);
  }
}
