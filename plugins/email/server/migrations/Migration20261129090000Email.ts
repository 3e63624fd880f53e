import { Migration } from '@mikro-orm/migrations';

/** Mail domains, mailboxes and aliases per server (plugin `email`). */
export class Migration20261129090000Email extends Migration {
  override up(): void {
    this.addSql(
      `create table "email_domains" ("id" serial primary key, "server_id" int not null, "name" varchar(253) not null, "dkim_selector" varchar(63) not null, "dkim_private_key" text not null, "dkim_public_key" text not null, "sender_bcc" varchar(254) not null, "recipient_bcc" varchar(254) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_domains_server_id_index" on "email_domains" ("server_id");`);
    this.addSql(
      `create table "email_mailboxes" ("id" serial primary key, "server_id" int not null, "domain_id" int not null, "local_part" varchar(64) not null, "quota_mb" int not null, "sender_bcc" varchar(254) not null, "recipient_bcc" varchar(254) not null, "password_hash" varchar(200) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "password_set_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_mailboxes_server_id_index" on "email_mailboxes" ("server_id");`);
    this.addSql(
      `create table "email_aliases" ("id" serial primary key, "server_id" int not null, "domain_id" int not null, "local_part" varchar(64) not null, "destinations" varchar(2000) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "email_aliases_server_id_index" on "email_aliases" ("server_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "email_aliases" cascade;`);
    this.addSql(`drop table if exists "email_mailboxes" cascade;`);
    this.addSql(`drop table if exists "email_domains" cascade;`);
  }
}
