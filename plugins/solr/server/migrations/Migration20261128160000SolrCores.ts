import { Migration } from '@mikro-orm/migrations';

/** The cores per server (plugin `solr`). */
export class Migration20261128160000SolrCores extends Migration {
  override up(): void {
    this.addSql(`create table "solr_cores" ("id" serial primary key, "server_id" int not null, "name" varchar(63) not null, "config_set" varchar(64) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "solr_cores_server_id_index" on "solr_cores" ("server_id");`);
  }
}
