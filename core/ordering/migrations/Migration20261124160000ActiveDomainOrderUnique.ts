import { Migration } from '@mikro-orm/migrations';

/**
 * One live order per domain: a partial unique index on the (lower-cased, ASCII) domain of domain orders
 * that are not declined, cancelled or failed. Two concurrent orders of the same free domain both pass the
 * availability check; the second insert waits on the index until the first commits and then fails
 * (answered 422 `errors.domain_taken`). Earlier duplicates (none in practice) keep only the oldest live order.
 */
export class Migration20261124160000ActiveDomainOrderUnique extends Migration {
  override up(): void {
    this.addSql(`update "orders" o set "status" = 'cancelled' where o."type" = 'domain' and o."status" not in ('declined', 'cancelled', 'preparation_failed') and exists (select 1 from "orders" e where e."type" = 'domain' and e."status" not in ('declined', 'cancelled', 'preparation_failed') and lower(e."domain") = lower(o."domain") and e."id" < o."id");`);
    this.addSql(`create unique index "orders_active_domain_unique" on "orders" (lower("domain")) where "type" = 'domain' and "status" not in ('declined', 'cancelled', 'preparation_failed');`);
  }

  override down(): void {
    this.addSql(`drop index if exists "orders_active_domain_unique";`);
  }
}
