import { Migration } from '@mikro-orm/migrations';

/** The notification centre: server-side notices per user and the read built-in notices. */
export class Migration20261124090000Notifications extends Migration {
  override up(): void {
    this.addSql(
      `create table "notifications" ("id" serial primary key, "user_id" int not null, "kind" varchar(40) not null, "values" jsonb not null, "link" varchar(500) null, "source_key" varchar(100) not null, "created_at" timestamptz not null, "read_at" timestamptz null);`,
    );
    this.addSql(`create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_source_key_unique" unique ("user_id", "source_key");`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create table "notification_built_in_reads" ("id" serial primary key, "user_id" int not null, "notice_id" smallint not null, "read_at" timestamptz not null);`);
    this.addSql(`create index "notification_built_in_reads_user_id_index" on "notification_built_in_reads" ("user_id");`);
    this.addSql(`alter table "notification_built_in_reads" add constraint "notification_built_in_reads_user_id_notice_id_unique" unique ("user_id", "notice_id");`);
    this.addSql(
      `alter table "notification_built_in_reads" add constraint "notification_built_in_reads_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }
}
