/**
 * The site content's administrator operations (docs/DESIGN.md §12), written in the shape
 * openapi-typescript gives `lib/api-schema.d.ts`, with the types of bindings/SiteDraft.ts.
 * A bridge until the server's OpenAPI document lists these routes: once `npm run gen:api`
 * has them, `api.ts` calls the generated client directly and this file goes.
 */
import type { ApiError } from '@/lib/api';
import type { SiteContent } from '@bindings/SiteContent';
import type { SiteDraft, SiteDraftSave, SiteRevision, SiteVersion } from '@bindings/SiteDraft';

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Refusals = { 401: Json<ApiError>; 403: Json<ApiError>; 409: Json<ApiError>; 422: Json<ApiError>; 500: Json<ApiError> };
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };
type VersionId = { query?: never; header?: never; path: { id: number }; cookie?: never };
type Body<T> = { content: { 'application/json': T } };

type Route = { parameters: NoParameters; get?: never; put?: never; post?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never };

export type SitePaths = {
  '/api/admin/site': Omit<Route, 'get' | 'put'> & {
    get: { parameters: NoParameters; requestBody?: never; responses: { 200: Json<SiteDraft> } & Refusals };
    put: { parameters: NoParameters; requestBody: Body<SiteDraftSave>; responses: { 200: Json<SiteDraft> } & Refusals };
  };
  '/api/admin/site/publish': Omit<Route, 'post'> & {
    post: { parameters: NoParameters; requestBody: Body<SiteRevision>; responses: { 200: Json<SiteVersion> } & Refusals };
  };
  '/api/admin/site/versions': Omit<Route, 'get'> & {
    get: { parameters: NoParameters; requestBody?: never; responses: { 200: Json<SiteVersion[]> } & Refusals };
  };
  '/api/admin/site/versions/{id}': Omit<Route, 'get'> & {
    get: { parameters: VersionId; requestBody?: never; responses: { 200: Json<SiteContent> } & Refusals };
  };
  '/api/admin/site/versions/{id}/restore': Omit<Route, 'post'> & {
    post: { parameters: VersionId; requestBody: Body<SiteRevision>; responses: { 200: Json<SiteDraft> } & Refusals };
  };
};
