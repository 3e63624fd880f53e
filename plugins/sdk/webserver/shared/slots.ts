/**
 * Include slots: per site, named places in its configuration where the customer (or the server's
 * administrator) adds configuration of their own. A slot is one file on the server that the site's
 * rendered configuration includes and that no apply ever writes, rewrites or removes — the member
 * declares the slots' directory as `preserved` in its program descriptor (`@portal/plugin-sdk/program`),
 * so its gateway refuses to write there. The program's check runs over the whole configuration, the
 * slots' content included: an invalid slot fails the apply like an invalid site would.
 */

/** The slots of every site, in the order they appear in its configuration. */
export const includeSlots = ['before-locations', 'server-end'] as const;
export type IncludeSlot = (typeof includeSlots)[number];

/** Where the slot files of a site live: `<dir>/<site>/<slot>.conf` (site: the file name of its configuration, e.g. `shop.example.com`). */
export const slotPath = (dir: string, site: string, slot: IncludeSlot): string => `${dir}/${site}/${slot}.conf`;
