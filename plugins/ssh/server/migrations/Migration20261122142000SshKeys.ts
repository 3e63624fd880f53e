import { Migration } from '@mikro-orm/migrations';

/** Authorized SSH keys per server user (plugin `ssh`). */
export class Migration20261122142000SshKeys extends Migration {
  override up(): void {
    this.addSql(`create table "ssh_keys" ("id" serial primary key, "server_id" int not null, "user" varchar(32) not null, "label" varchar(100) not null, "type" varchar(32) not null, "bits" int not null, "fingerprint" varchar(64) not null, "data" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "ssh_keys_server_id_index" on "ssh_keys" ("server_id");`);
    this.addSql(`alter table "ssh_keys" add constraint "ssh_keys_server_id_user_fingerprint_unique" unique ("server_id", "user", "fingerprint");`);
  }
}
