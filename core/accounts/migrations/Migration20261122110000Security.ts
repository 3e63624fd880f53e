import { Migration } from '@mikro-orm/migrations';

/**
 * Security: two-factor authentication (secret, recovery codes, sign-in challenges), personal access
 * tokens, and a public id per session. Existing sessions are ended (they have no public id yet):
 * everybody signs in once more after this migration.
 */
export class Migration20261122110000Security extends Migration {
  override up(): void {
    this.addSql(`create table "two_factor_authentications" ("user_id" int not null, "secret_encrypted" text not null, "last_used_step" bigint null, "recovery_phone" varchar(32) null, "created_at" timestamptz not null, "confirmed_at" timestamptz null, primary key ("user_id"));`);
    this.addSql(`alter table "two_factor_authentications" add constraint "two_factor_authentications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "two_factor_recovery_codes" ("id" serial primary key, "user_id" int not null, "code_hash" varchar(64) not null, "created_at" timestamptz not null, "used_at" timestamptz null);`);
    this.addSql(`create index "two_factor_recovery_codes_user_id_index" on "two_factor_recovery_codes" ("user_id");`);
    this.addSql(`alter table "two_factor_recovery_codes" add constraint "two_factor_recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "two_factor_challenges" ("id" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "two_factor_challenges_user_id_index" on "two_factor_challenges" ("user_id");`);
    this.addSql(`create index "two_factor_challenges_expires_at_index" on "two_factor_challenges" ("expires_at");`);
    this.addSql(`alter table "two_factor_challenges" add constraint "two_factor_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "personal_access_tokens" ("id" serial primary key, "user_id" int not null, "name" varchar(255) not null, "secret_hash" varchar(64) not null, "abilities" jsonb not null, "expires_on" date null, "last_used_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "personal_access_tokens_user_id_index" on "personal_access_tokens" ("user_id");`);
    this.addSql(`alter table "personal_access_tokens" add constraint "personal_access_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`delete from "sessions";`);
    this.addSql(`alter table "sessions" add "public_id" varchar(24) not null;`);
    this.addSql(`alter table "sessions" add constraint "sessions_public_id_unique" unique ("public_id");`);
  }
}
