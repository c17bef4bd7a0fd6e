// A list's filters as the address holds them; plain functions, so the pages (server) read them too.

/** A list's filters as its address holds them (`status` is `kind` in the payments list). */
export interface ListFilters {
  q: string;
  status: string;
  from: string;
  to: string;
  offer: string;
  page: number;
}

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** The filters in a list page's address; a page that is no whole number is the first (the server judges the rest). */
export function listFiltersOf(params: SearchParams, statusParam: 'status' | 'kind' = 'status'): ListFilters {
  const page = Number(one(params.page));
  return {
    q: one(params.q),
    status: one(params[statusParam]),
    from: one(params.from),
    to: one(params.to),
    offer: one(params.offer),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** What the filters change, so a list's screen starts afresh (its form too) when Back restores an earlier address. */
export const listKey = (filters: ListFilters) => JSON.stringify(filters);

/** The filters as the list's call and address spell them; page 1 and empty filters are left out. */
export function listQuery(filters: ListFilters, statusParam: 'status' | 'kind' = 'status') {
  const { status, page, ...rest } = filters;
  return { ...rest, [statusParam]: status || undefined, page: page > 1 ? page : undefined };
}
