import { DEFAULT_PAGE, paginatorInfo, type PageRequest, type PaginatorInfo } from '@encore/core';
import type { ObjectRef } from '@pothos/core';
import { builder, type BuilderTypes } from './builder';

export interface Page<T> {
  paginatorInfo: PaginatorInfo;
  data: T[];
}

/** Services take page requests without knowing of GraphQL. */
export type { PageRequest };

let paginatorInfoRef: ObjectRef<BuilderTypes, PaginatorInfo> | undefined;

export function paginatorInfoType(): ObjectRef<BuilderTypes, PaginatorInfo> {
  paginatorInfoRef ??= builder.objectRef<PaginatorInfo>('PaginatorInfo').implement({
    description: 'Where a page sits in the whole list.',
    fields: (t) => ({
      count: t.exposeInt('count'),
      currentPage: t.exposeInt('currentPage'),
      firstItem: t.exposeInt('firstItem', { nullable: true }),
      hasMorePages: t.exposeBoolean('hasMorePages'),
      lastItem: t.exposeInt('lastItem', { nullable: true }),
      lastPage: t.exposeInt('lastPage'),
      perPage: t.exposeInt('perPage'),
      total: t.exposeInt('total'),
    }),
  });
  return paginatorInfoRef;
}

/** `<Item>Paginator { paginatorInfo data }`, the page shape of ARCHITECTURE.md §4. */
export function paginatorType<T>(
  itemName: string,
  item: ObjectRef<BuilderTypes, T>,
): ObjectRef<BuilderTypes, Page<T>> {
  const info = paginatorInfoType();
  return builder.objectRef<Page<T>>(`${itemName}Paginator`).implement({
    fields: (t) => ({
      paginatorInfo: t.field({ type: info, resolve: (page) => page.paginatorInfo }),
      data: t.field({ type: [item], resolve: (page) => page.data }),
    }),
  });
}

export function toPage<T>(rows: T[], total: number, request: PageRequest): Page<T> {
  return {
    data: rows,
    paginatorInfo: paginatorInfo({
      total,
      page: request.page,
      perPage: request.first,
      count: rows.length,
    }),
  };
}

export function pageRequest(
  args: { first?: number | null; page?: number | null },
  defaultSize: number,
): PageRequest {
  return { first: args.first ?? defaultSize, page: args.page ?? DEFAULT_PAGE };
}
