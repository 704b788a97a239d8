// The access log (issue 15): GET /user/activity and GET /passwords/:id/activity, newest first, one page
// of 50 at a time by the server's keyset cursor. Lines carry no secrets (what, which entry, when, from
// which address and browser), so they may sit in the cache like any other server data.
import { baseApi } from '../../shared/api/baseApi';
import type { ActivityPage } from '../../common/activity';

interface Answer<T> {
  data: T;
}

/** The whole account's log, or one entry's. */
export interface ActivityScope {
  entryId?: string;
}

export const activityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.infiniteQuery<ActivityPage, ActivityScope, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: queryArg.entryId
          ? `/passwords/${encodeURIComponent(queryArg.entryId)}/activity`
          : '/user/activity',
        params: pageParam ? { cursor: pageParam } : undefined,
      }),
      transformResponse: (answer: Answer<ActivityPage>) => answer.data,
    }),
  }),
});

export const { useGetActivityInfiniteQuery } = activityApi;
