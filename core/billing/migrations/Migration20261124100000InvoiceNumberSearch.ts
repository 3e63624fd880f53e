import { Migration } from '@mikro-orm/migrations';

/**
 * Number search in O(matches): a trigram GIN index over (customer, number), so `number ILIKE '%term%'`
 * within a customer is an index lookup instead of a scan of the customer's invoices. Needs the
 * extensions pg_trgm and btree_gin (PostgreSQL contrib; PGlite loads them in core/platform/db.ts). Where
 * they cannot be created (a managed database without them), the migration leaves the index out and
 * the search scans the customer's invoices as before (docs/decisions.md, Billing (invoices)).
 */
export class Migration20261124100000InvoiceNumberSearch extends Migration {
  override up(): void {
    this.addSql(`do $$
begin
  create extension if not exists pg_trgm;
  create extension if not exists btree_gin;
  create index if not exists "invoices_customer_number_trgm_index" on "invoices" using gin ("customer_id", "number" gin_trgm_ops);
exception when others then
  raise notice 'pg_trgm/btree_gin unavailable (%): invoice number search scans the customer''s invoices', sqlerrm;
end $$;`);
  }

  override down(): void {
    this.addSql(`drop index if exists "invoices_customer_number_trgm_index";`);
  }
}
