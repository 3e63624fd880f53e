import { Migration } from '@mikro-orm/migrations';

/** nginx: proxy locations of the web server family (path prefixes forwarded to upstreams) per site. */
export class Migration20261205090000NginxProxyLocations extends Migration {
  override up(): void {
    this.addSql(`alter table "nginx_vhosts" add column "proxy_locations" jsonb not null default '[]';`);
  }

  override down(): void {
    this.addSql(`alter table "nginx_vhosts" drop column "proxy_locations";`);
  }
}
