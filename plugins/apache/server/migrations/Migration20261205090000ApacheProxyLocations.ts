import { Migration } from '@mikro-orm/migrations';

/** apache: proxy locations of the web server family (path prefixes forwarded to upstreams) per site. */
export class Migration20261205090000ApacheProxyLocations extends Migration {
  override up(): void {
    this.addSql(`alter table "apache_vhosts" add column "proxy_locations" jsonb not null default '[]';`);
  }

  override down(): void {
    this.addSql(`alter table "apache_vhosts" drop column "proxy_locations";`);
  }
}
