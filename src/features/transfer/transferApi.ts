// POST /utility/export and /utility/import (SPEC section 7). Both carry the master password and the
// vault in plain text, so both are mutations triggered with `initiate(arg, { track: false })`: neither
// the argument nor the answer is kept in the store or the cache. The export answer keeps the key `data`
// so that the DevTools sanitizer blanks it in the fulfilled action as well. The import reports its
// progress outside the store (importStage.ts).
import { apiFailure, baseApi, vaultChanged } from '../../shared/api/baseApi';
import { apiBaseUrl } from '../../shared/api/basePath';
import { getStoredToken } from '../../shared/api/tokenStorage';
import type { TransferFormat } from '../../common/constants';
import type { ImportOptions, ImportResult } from '../../common/wire';
import { setImportStage } from './importStage';
import { sendImport } from './importRequest';

export interface ExportArg {
  masterPassword: string;
  format: TransferFormat;
}

/** What the export answered: `data` (or the body itself) and, when the server names it, the file. */
export interface ExportAnswer {
  data: unknown;
  filename?: string;
}

export interface ImportArg {
  masterPassword: string;
  data: string;
  format: TransferFormat;
  options: ImportOptions;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function exportAnswerOf(body: unknown): ExportAnswer {
  if (isRecord(body) && 'data' in body) {
    const filename = typeof body.filename === 'string' && body.filename ? body.filename : undefined;
    return { data: body.data, filename };
  }
  return { data: body };
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** SPEC section 7: the result is `data`, or `data.data`. */
export function importResultOf(body: unknown): ImportResult {
  const outer = isRecord(body) && isRecord(body.data) ? body.data : {};
  const result = isRecord(outer.data) ? outer.data : outer;
  const errors = Array.isArray(result.errors) ? result.errors.filter(isRecord) : [];
  return {
    imported: count(result.imported),
    updated: count(result.updated),
    skipped: count(result.skipped),
    errors: errors.map((item) => ({ title: String(item.title ?? ''), error: String(item.error ?? '') })),
  };
}

export const transferApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    exportPasswords: build.mutation<ExportAnswer, ExportArg>({
      query: (body) => ({ url: '/utility/export', method: 'POST', body }),
      transformResponse: exportAnswerOf,
    }),
    // XMLHttpRequest instead of the base query's fetch, for the upload's progress (importRequest.ts).
    importPasswords: build.mutation<ImportResult, ImportArg>({
      async queryFn(arg, api) {
        setImportStage({ phase: 'uploading', sent: 0, total: 1 });
        try {
          const outcome = await sendImport({
            url: `${apiBaseUrl()}/utility/import`,
            body: JSON.stringify(arg),
            token: getStoredToken(),
            onStage: setImportStage,
          });
          if ('error' in outcome) return { error: apiFailure(outcome.error, api.dispatch) };
          return { data: importResultOf(outcome.data) };
        } finally {
          setImportStage(null);
        }
      },
      invalidatesTags: vaultChanged,
    }),
  }),
});
