import { Migration } from '@mikro-orm/migrations';

/** Table of the test-only example plugin. */
export class Migration20261122130100ExampleFixture extends Migration {
  override up(): void {
    this.addSql(`create table "example_greetings" ("id" serial primary key, "server_id" int not null, "text" varchar(80) not null);`);
    this.addSql(`alter table "example_greetings" add constraint "example_greetings_server_id_unique" unique ("server_id");`);
  }
}
