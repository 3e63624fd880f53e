import { Migration } from '@mikro-orm/migrations';

/** E-mail confirmation codes and password reset tokens (profile issue). */
export class Migration20261122100000Profile extends Migration {
  override up(): void {
    this.addSql(`create table "email_verification_codes" ("id" serial primary key, "user_id" int not null, "purpose" text not null, "email" varchar(254) not null, "code_hash" varchar(255) not null, "attempts" int not null default 0, "expires_at" timestamptz not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "email_verification_codes_user_id_index" on "email_verification_codes" ("user_id");`);
    this.addSql(`alter table "email_verification_codes" add constraint "email_verification_codes_purpose_check" check ("purpose" in ('verify', 'change'));`);
    this.addSql(`alter table "email_verification_codes" add constraint "email_verification_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create table "password_reset_tokens" ("id" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "password_reset_tokens_user_id_index" on "password_reset_tokens" ("user_id");`);
    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }
}
