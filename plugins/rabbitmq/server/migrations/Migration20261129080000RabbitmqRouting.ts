import { Migration } from '@mikro-orm/migrations';

/** Policies, exchanges and bindings per server (plugin `rabbitmq`). */
export class Migration20261129080000RabbitmqRouting extends Migration {
  override up(): void {
    this.addSql(`create table "rabbitmq_policies" ("id" serial primary key, "server_id" int not null, "vhost" varchar(64) not null, "name" varchar(64) not null, "pattern" varchar(255) not null, "apply_to" varchar(16) not null, "priority" int not null, "definition" jsonb not null);`);
    this.addSql(`create index "rabbitmq_policies_server_id_index" on "rabbitmq_policies" ("server_id");`);
    this.addSql(`create table "rabbitmq_exchanges" ("id" serial primary key, "server_id" int not null, "vhost" varchar(64) not null, "name" varchar(64) not null, "type" varchar(16) not null, "durable" boolean not null, "auto_delete" boolean not null);`);
    this.addSql(`create index "rabbitmq_exchanges_server_id_index" on "rabbitmq_exchanges" ("server_id");`);
    this.addSql(`create table "rabbitmq_bindings" ("id" serial primary key, "server_id" int not null, "vhost" varchar(64) not null, "source" varchar(64) not null, "destination_type" varchar(16) not null, "destination" varchar(255) not null, "routing_key" varchar(255) not null);`);
    this.addSql(`create index "rabbitmq_bindings_server_id_index" on "rabbitmq_bindings" ("server_id");`);
  }

  override down(): void {
    for (const t of ['rabbitmq_bindings', 'rabbitmq_exchanges', 'rabbitmq_policies']) this.addSql(`drop table if exists "${t}";`);
  }
}
