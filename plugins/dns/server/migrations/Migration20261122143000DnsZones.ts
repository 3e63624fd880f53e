import { Migration } from '@mikro-orm/migrations';

/** DNS zones, their records, the highest serial issued per origin, and the state before a server's first apply. */
export class Migration20261122143000DnsZones extends Migration {
  override up(): void {
    this.addSql(`create table "dns_zones" ("id" serial primary key, "server_id" int not null, "origin" varchar(253) not null, "default_ttl" int not null, "primary_ns" varchar(253) not null, "hostmaster" varchar(254) not null, "refresh" int not null, "retry" int not null, "expire" int not null, "minimum" int not null, "serial" bigint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "dns_zones_server_id_index" on "dns_zones" ("server_id");`);
    this.addSql(`alter table "dns_zones" add constraint "dns_zones_server_id_origin_unique" unique ("server_id", "origin");`);
    this.addSql(`create table "dns_records" ("id" serial primary key, "zone_id" int not null, "name" varchar(253) not null, "type" text not null, "ttl" int null, "value" text not null, "priority" int null, "weight" int null, "port" int null, "flags" int null, "tag" text null);`);
    this.addSql(`create index "dns_records_zone_id_index" on "dns_records" ("zone_id");`);
    this.addSql(`alter table "dns_records" add constraint "dns_records_zone_id_foreign" foreign key ("zone_id") references "dns_zones" ("id") on delete cascade;`);
    this.addSql(`alter table "dns_records" add constraint "dns_records_type_check" check ("type" in ('A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS'));`);
    this.addSql(`alter table "dns_records" add constraint "dns_records_tag_check" check ("tag" in ('issue', 'issuewild', 'iodef'));`);
    this.addSql(`create table "dns_serials" ("id" serial primary key, "server_id" int not null, "origin" varchar(253) not null, "serial" bigint not null);`);
    this.addSql(`alter table "dns_serials" add constraint "dns_serials_server_id_origin_unique" unique ("server_id", "origin");`);
    this.addSql(`create table "dns_baselines" ("id" serial primary key, "server_id" int not null, "snapshot" jsonb not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "dns_baselines" add constraint "dns_baselines_server_id_unique" unique ("server_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "dns_records" cascade;`);
    this.addSql(`drop table if exists "dns_zones" cascade;`);
    this.addSql(`drop table if exists "dns_serials" cascade;`);
    this.addSql(`drop table if exists "dns_baselines" cascade;`);
  }
}
