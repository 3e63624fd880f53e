/** A list query's hook (`<camel>Api.useList…Query`) called with a page. */
export type PagedListHook<Row> = (
  args: { clusterId: number; serverId: number; page: number; per_page: number },
  options: { skip: boolean },
) => { data?: { data: readonly Row[]; total: number }; isLoading: boolean; isError: boolean; error?: unknown; refetch?: () => unknown };

/** The contract's largest page (issue 8: per_page ≤ 100). */
const pageSize = 100;

/**
 * Every entry of a server's list whose pages hold at most 100 (the contract's bound) while a plugin allows more
 * (e.g. 500 mailboxes): the pages are asked for side by side, as many as `max` needs (a constant of the plugin, so the
 * hooks stay the same on every render), those past the list's total skipped. Answers like one query.
 */
export function useEveryPage<Row>(useList: PagedListHook<Row>, args: { clusterId: number; serverId: number }, max: number) {
  const pages = Math.max(1, Math.ceil(max / pageSize));
  const answers: ReturnType<PagedListHook<Row>>[] = [];
  // The number of pages is fixed for the call site: the same hooks in the same order on every render.
  for (let page = 1; page <= pages; page++) {
    const total = answers[0]?.data?.total;
    answers.push(
      useList({ ...args, page, per_page: pageSize }, { skip: page > 1 && (total === undefined || (page - 1) * pageSize >= total) }),
    );
  }
  const first = answers[0];
  const needed = first.data ? answers.slice(0, Math.max(1, Math.ceil(first.data.total / pageSize))) : [first];
  const complete = needed.every((a) => a.data);
  return {
    data: complete ? { data: needed.flatMap((a) => a.data!.data), total: first.data!.total } : undefined,
    isError: needed.some((a) => a.isError),
    isLoading: !complete && !needed.some((a) => a.isError),
    error: needed.find((a) => a.isError)?.error,
    refetch: () => needed.forEach((a) => a.refetch?.()),
  };
}
