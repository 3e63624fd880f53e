import { Migration } from '@mikro-orm/migrations';

/** Issue 28: how the Managed Center reaches each server (ssh gateway settings, key pair, pinned host key). */
export class Migration20261128120000ServerConnections extends Migration {
  override up(): void {
    this.addSql(`create table "managed_server_connections" (
      "id" serial primary key,
      "server_id" int not null,
      "gateway" text check ("gateway" in ('local', 'ssh')) null,
      "host" varchar(253) null,
      "port" int not null default 22,
      "username" varchar(32) not null default 'portal',
      "root" varchar(512) null,
      "private_key" text null,
      "public_key" text null,
      "host_key_fingerprint" varchar(64) null,
      "host_key_confirmed_at" timestamptz null,
      "last_contact_at" timestamptz null,
      "last_error" varchar(40) null,
      "updated_at" timestamptz not null
    );`);
    // Constraint names as MikroORM names them, so the schema the entities describe is exactly this one.
    this.addSql(`alter table "managed_server_connections" add constraint "managed_server_connections_server_id_unique" unique ("server_id");`);
    this.addSql(
      `alter table "managed_server_connections" add constraint "managed_server_connections_server_id_foreign" foreign key ("server_id") references "servers" ("id") on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "managed_server_connections";`);
  }
}
