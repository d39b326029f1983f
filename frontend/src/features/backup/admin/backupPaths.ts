/**
 * The backup operations (docs/DESIGN.md §13), written in the shape openapi-typescript gives
 * `lib/api-schema.d.ts`, with the types of bindings/BackupStatus.ts. A bridge until the
 * server's OpenAPI document lists these routes: once `npm run gen:api` has them, `api.ts` calls
 * the generated client directly and this file goes.
 */
import type { ApiError } from '@/lib/api';
import type { BackupStatus } from '@bindings/BackupStatus';

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
/** A backup file (attachment `samiti-backup-<time>.tar.gz`); the client reads it as a Blob. */
type Gzip = { headers: { [name: string]: unknown }; content: { 'application/gzip': number[] } };
type Refusals = { 401: Json<ApiError>; 403: Json<ApiError>; 500: Json<ApiError>; 503: Json<ApiError> };
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };
type BackupName = { query?: never; header?: never; path: { name: string }; cookie?: never };

type Route = { parameters: NoParameters; get?: never; put?: never; post?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never };

export type BackupPaths = {
  '/api/admin/backup': Omit<Route, 'get' | 'post'> & {
    get: { parameters: NoParameters; requestBody?: never; responses: { 200: Json<BackupStatus> } & Refusals };
    post: { parameters: NoParameters; requestBody?: never; responses: { 200: Gzip; 409: Json<ApiError> } & Refusals };
  };
  '/api/admin/backup/kept/{name}': Omit<Route, 'get' | 'parameters'> & {
    parameters: BackupName;
    get: { parameters: BackupName; requestBody?: never; responses: { 200: Gzip; 404: Json<ApiError> } & Refusals };
  };
};
