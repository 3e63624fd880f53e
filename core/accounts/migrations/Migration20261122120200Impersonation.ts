import { Migration } from '@mikro-orm/migrations';

/** Impersonation challenges and runs; sessions remember the staff member acting as their user. */
export class Migration20261122120200Impersonation extends Migration {
  override up(): void {
    this.addSql(`create table "impersonations" ("id" serial primary key, "staff_id" int not null, "target_id" int not null, "token_hash" varchar(64) not null, "status" text not null default 'pending', "created_at" timestamptz not null, "expires_at" timestamptz not null, "failed_attempts" int not null default 0, "session_id" varchar(64) null, "started_at" timestamptz null, "ended_at" timestamptz null, "end_reason" text null);`);
    this.addSql(`create index "impersonations_staff_id_index" on "impersonations" ("staff_id");`);
    this.addSql(`create index "impersonations_target_id_index" on "impersonations" ("target_id");`);
    this.addSql(`alter table "impersonations" add constraint "impersonations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "impersonations_status_index" on "impersonations" ("status");`);
    this.addSql(`create index "impersonations_session_id_index" on "impersonations" ("session_id");`);
    this.addSql(`alter table "impersonations" add constraint "impersonations_staff_id_foreign" foreign key ("staff_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "impersonations" add constraint "impersonations_target_id_foreign" foreign key ("target_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "impersonations" add constraint "impersonations_status_check" check ("status" in ('pending', 'active', 'ended'));`);
    this.addSql(`alter table "impersonations" add constraint "impersonations_end_reason_check" check ("end_reason" in ('ended', 'session_ended'));`);
    this.addSql(`alter table "sessions" add "impersonator_id" int null;`);
    this.addSql(`alter table "sessions" add constraint "sessions_impersonator_id_foreign" foreign key ("impersonator_id") references "users" ("id") on delete cascade;`);
  }
}
