import { Migration } from '@mikro-orm/migrations';

/** Sources and indexes per server (plugin `sphinx`). */
export class Migration20261128160000SphinxIndexes extends Migration {
  override up(): void {
    this.addSql(
      `create table "sphinx_sources" ("id" serial primary key, "server_id" int not null, "name" varchar(48) not null, "type" varchar(16) not null, "host" varchar(253) not null, "port" int not null, "database" varchar(64) not null, "user" varchar(80) not null, "password_sealed" text not null, "query" text not null, "feed" varchar(70) not null, "fields" jsonb not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "sphinx_sources_server_id_index" on "sphinx_sources" ("server_id");`);
    this.addSql(
      `create table "sphinx_indexes" ("id" serial primary key, "server_id" int not null, "name" varchar(48) not null, "type" varchar(8) not null, "source" varchar(48) not null, "fields" jsonb not null, "charset_table" varchar(16) not null, "morphology" varchar(16) not null, "min_word_len" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "sphinx_indexes_server_id_index" on "sphinx_indexes" ("server_id");`);
  }
}
