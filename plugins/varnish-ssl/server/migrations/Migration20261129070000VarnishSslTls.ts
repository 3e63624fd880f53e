import { Migration } from '@mikro-orm/migrations';

/** The certificate hitch serves (`varnish_ssl_tls`, one row per server; none = no certificate, hitch not rendered). */
export class Migration20261129070000VarnishSslTls extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "varnish_ssl_tls" ("id" serial primary key, "server_id" int not null, "source" varchar(9) not null, "certificate_id" varchar(100) null, "sealed_pem" text null, "subject" varchar(500) not null, "alt_names" jsonb not null, "valid_until" varchar(40) null, "fingerprint" varchar(100) not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "varnish_ssl_tls" add constraint "varnish_ssl_tls_server_id_unique" unique ("server_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "varnish_ssl_tls" cascade;`);
  }
}
