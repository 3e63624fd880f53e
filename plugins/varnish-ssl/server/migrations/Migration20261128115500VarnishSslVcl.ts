import { Migration } from '@mikro-orm/migrations';

/** The custom VCL of a server and whether it is used (`varnish_ssl_vcl`, one row per server; none = the form's VCL). */
export class Migration20261128115500VarnishSslVcl extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "varnish_ssl_vcl" ("id" serial primary key, "server_id" int not null, "mode" varchar(6) not null, "custom_vcl" text not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "varnish_ssl_vcl" add constraint "varnish_ssl_vcl_server_id_unique" unique ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "varnish_ssl_vcl" cascade;`);
  }
}
