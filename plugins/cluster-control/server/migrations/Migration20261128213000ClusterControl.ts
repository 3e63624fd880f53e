import { Migration } from '@mikro-orm/migrations';

/** The history of service actions (plugin `cluster-control`). */
export class Migration20261128213000ClusterControl extends Migration {
  override up(): void {
    this.addSql(
      `create table "cluster_control_actions" ("id" serial primary key, "cluster_id" int not null, "server_id" int not null, "server_name" varchar(255) not null, "service" varchar(64) not null, "action" varchar(16) not null, "outcome" varchar(16) not null, "output" text not null, "state" varchar(16) not null, "user_email" varchar(255) not null, "at" timestamptz not null);`,
    );
    this.addSql(`create index "cluster_control_actions_cluster_id_index" on "cluster_control_actions" ("cluster_id");`);
  }
}
