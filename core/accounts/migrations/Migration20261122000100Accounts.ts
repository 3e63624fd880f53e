import { Migration } from '@mikro-orm/migrations';

/** The accounts tables of the foundation. */
export class Migration20261122000100Accounts extends Migration {
  override up(): void {
    this.addSql(`create table "users" ("id" serial primary key, "email" varchar(254) not null, "password_hash" varchar(255) not null, "gender" text not null default 'male', "firstname" varchar(255) not null, "surname" varchar(255) not null, "email_verified" boolean not null default false, "email_update_request" varchar(254) null, "telephone" varchar(64) null, "mobile" varchar(64) null, "company" varchar(255) null, "department" text null, "street" text null, "postcode" varchar(255) null, "city" text null, "country" varchar(2) not null default 'de', "language" text not null default 'de', "forced_mode" boolean not null default false, "dark_mode" boolean not null default false, "container" text not null default 'fluid', "is_partner" boolean not null default false, "is_staff" boolean not null default false, "two_factor_enabled" boolean not null default false, "two_factor_confirmed" boolean not null default false, "technical_notifications" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_gender_check" check ("gender" in ('male', 'female', 'diverse'));`);
    this.addSql(`alter table "users" add constraint "users_language_check" check ("language" in ('de', 'en'));`);
    this.addSql(`alter table "users" add constraint "users_container_check" check ("container" in ('wrapped', 'fluid'));`);
    this.addSql(`create table "sessions" ("id" varchar(64) not null, "user_id" int not null, "csrf_hash" varchar(64) not null, "user_agent" text null, "ip" varchar(64) null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "max_expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);
    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }
}
