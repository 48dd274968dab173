import type { EndpointBuilder, FetchBaseQueryError, TagDescription } from '@reduxjs/toolkit/query/react';
import type { MultipartParts, RouteDeclaration, RouteParams, RouteReply } from '@platform/contracts';
import { routeUrl } from '@platform/contracts/client';
import type { PlatformBaseQuery } from '@platform/store';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress';

/**
 * What every upload's argument may carry besides its own fields: where the bytes sent are told, and headers
 * of the request (the `Idempotency-Key` of a contribution that may be sent again).
 */
export interface WithProgress {
  onProgress?: (progress: UploadProgress) => void;
  headers?: Record<string, string>;
}

/** A declared route that takes a multipart body. */
export type MultipartRoute = RouteDeclaration & { readonly multipart: MultipartParts };

export interface UploadMutationOptions<D extends MultipartRoute, Args, Tag extends string> {
  /** The request's form, from the endpoint's argument (the fields before the files: services read in order). */
  toForm: (args: Args) => FormData;
  /** The path's `:params`, for a route that has them. */
  params?: (args: Args) => RouteParams<D>;
  /** Tags made stale by an accepted upload; a refused one changes nothing shown, so it invalidates none. */
  invalidates?: readonly TagDescription<Tag>[];
}

const network = (thrown: unknown): FetchBaseQueryError => ({ status: 'FETCH_ERROR', error: String(thrown) });

/**
 * The endpoint of a declared multipart route, sent with XMLHttpRequest for its progress (fetch tells nothing
 * of an upload's): the method and path come from the declaration, the answer is typed by its reply, and a
 * refusal or a lost connection arrives as every other call's error does, for `readApiError`. The argument's
 * `onProgress` is told as the bytes go out (`useUploadProgress` keeps them for a progress bar).
 *
 *   uploadDatasetFile: uploadMutation(build, postDatasetUpload, { toForm: datasetUploadForm, invalidates: ['Upload'] })
 */
export function uploadMutation<D extends MultipartRoute, Args, Tag extends string>(
  build: EndpointBuilder<PlatformBaseQuery, Tag, 'api'>,
  route: D,
  { toForm, params, invalidates = [] }: UploadMutationOptions<D, Args, Tag>,
) {
  return build.mutation<RouteReply<D>, Args & WithProgress>({
    queryFn: async (args, { signal }) => {
      try {
        const url = routeUrl(route.path, params?.(args) as Record<string, string | number> | undefined);
        const answer = await uploadWithProgress(url, toForm(args), {
          method: route.method,
          ...(args.onProgress ? { onProgress: args.onProgress } : {}),
          ...(args.headers ? { headers: args.headers } : {}),
          signal,
        });
        if (answer.status >= 200 && answer.status < 300) return { data: answer.body as RouteReply<D> };
        return { error: { status: answer.status, data: answer.body } };
      } catch (thrown) {
        return { error: network(thrown) };
      }
    },
    // RTK Query invalidates after failed mutations too.
    invalidatesTags: (result) => (result ? [...invalidates] : []),
  });
}
