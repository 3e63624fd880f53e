import { Migration } from '@mikro-orm/migrations';

/** The block list of a cluster (plugin `firewall`): addresses every server of the cluster drops. */
export class Migration20261129000000FirewallBlocks extends Migration {
  override up(): void {
    this.addSql(
      `create table "firewall_blocks" ("id" serial primary key, "cluster_id" int not null, "address" varchar(64) not null, "comment" varchar(64) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "firewall_blocks_cluster_id_index" on "firewall_blocks" ("cluster_id");`);
  }
}
