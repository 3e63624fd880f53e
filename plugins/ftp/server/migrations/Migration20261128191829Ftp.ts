import { Migration } from '@mikro-orm/migrations';

/** FTPS accounts per server (plugin `ftp`). */
export class Migration20261128191829Ftp extends Migration {
  override up(): void {
    this.addSql(
      `create table "ftp_users" ("id" serial primary key, "server_id" int not null, "login" varchar(32) not null, "document_root" varchar(200) not null, "quota_mb" int not null, "expires_on" varchar(10) not null, "password_hash" varchar(200) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "password_set_at" timestamptz not null);`,
    );
    this.addSql(`create index "ftp_users_server_id_index" on "ftp_users" ("server_id");`);
  }
}
