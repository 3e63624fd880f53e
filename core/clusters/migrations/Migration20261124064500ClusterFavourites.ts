import { Migration } from '@mikro-orm/migrations';

/** Favourite clusters per user (cluster overview). */
export class Migration20261124064500ClusterFavourites extends Migration {
  override up(): void {
    this.addSql(`create table "cluster_favourites" ("id" serial primary key, "cluster_id" int not null, "user_id" int not null);`);
    this.addSql(`create index "cluster_favourites_cluster_id_index" on "cluster_favourites" ("cluster_id");`);
    this.addSql(`create index "cluster_favourites_user_id_index" on "cluster_favourites" ("user_id");`);
    this.addSql(`alter table "cluster_favourites" add constraint "cluster_favourites_cluster_id_user_id_unique" unique ("cluster_id", "user_id");`);
    this.addSql(`alter table "cluster_favourites" add constraint "cluster_favourites_cluster_id_foreign" foreign key ("cluster_id") references "clusters" ("id") on delete cascade;`);
    this.addSql(`alter table "cluster_favourites" add constraint "cluster_favourites_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }
}
