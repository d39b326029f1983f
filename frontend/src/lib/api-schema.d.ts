/**
 * TEMPORARY hand-written stand-in for the file `npm run gen:api` generates from ../openapi.json
 * (openapi-typescript). It follows the API contract of issue 2 and is overwritten as soon as the
 * server's openapi.json is committed. Do not edit by hand after that.
 */
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type ErrorBody = { content: { 'application/json': components['schemas']['ErrorBody'] } };
type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type Empty = { headers: { [name: string]: unknown }; content?: never };
type ListQuery = { q?: string; page?: number; per_page?: number; sort?: string };
type Op<P, B, R> = [B] extends [never] ? { parameters: P; requestBody?: never; responses: R } : { parameters: P; requestBody: B; responses: R };
type Body<T> = { content: { 'application/json': T } };
type IdPath = { query?: never; header?: never; path: { id: number }; cookie?: never };
type QueryParams = { query?: ListQuery; header?: never; path?: never; cookie?: never };
type File = { headers: { [name: string]: unknown }; content: { 'application/octet-stream': string } };

type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type Path<Ops> = { parameters: NoParams } & Ops & { [K in Exclude<Method, keyof Ops>]?: never };

export interface paths {
  '/notifications': Path<{
    get: Op<NoParams, never, { 200: Json<components['schemas']['Notification'][]> }>;
    post: Op<NoParams, Body<components['schemas']['NotificationInput']>, { 201: Json<components['schemas']['Notification']>; 401: ErrorBody; 422: ErrorBody }>;
  }>;
  '/notifications/{id}': Path<{
    put: Op<IdPath, Body<components['schemas']['NotificationInput']>, { 200: Json<components['schemas']['Notification']>; 401: ErrorBody; 404: ErrorBody; 422: ErrorBody }>;
    delete: Op<IdPath, never, { 204: Empty; 401: ErrorBody; 404: ErrorBody }>;
  }>;
  '/api/contacts': Path<{
    get: Op<QueryParams, never, { 200: Json<components['schemas']['Contact'][]>; 401: ErrorBody }>;
    post: Op<NoParams, Body<components['schemas']['ContactInput']>, { 201: Json<components['schemas']['Contact']>; 422: ErrorBody }>;
  }>;
  '/api/contacts/{id}': Path<{
    put: Op<IdPath, Body<components['schemas']['ContactInput']>, { 200: Json<components['schemas']['Contact']>; 401: ErrorBody; 404: ErrorBody; 422: ErrorBody }>;
    delete: Op<IdPath, never, { 204: Empty; 401: ErrorBody; 404: ErrorBody }>;
  }>;
  '/api/contacts/export/excel': Path<{ get: Op<QueryParams, never, { 200: File; 401: ErrorBody }> }>;
  '/api/contacts/export/pdf': Path<{ get: Op<QueryParams, never, { 200: File; 401: ErrorBody }> }>;
  '/api/subscribers': Path<{
    get: Op<QueryParams, never, { 200: Json<components['schemas']['Subscriber'][]>; 401: ErrorBody }>;
    post: Op<NoParams, Body<components['schemas']['SubscriberInput']>, { 201: Json<components['schemas']['Subscriber']>; 409: ErrorBody; 422: ErrorBody }>;
  }>;
  '/api/subscribers/{id}': Path<{ delete: Op<IdPath, never, { 204: Empty; 401: ErrorBody; 404: ErrorBody }> }>;
  '/api/subscribers/export/excel': Path<{ get: Op<QueryParams, never, { 200: File; 401: ErrorBody }> }>;
  '/api/subscribers/export/pdf': Path<{ get: Op<QueryParams, never, { 200: File; 401: ErrorBody }> }>;
  '/api/admin/login': Path<{
    post: Op<NoParams, Body<components['schemas']['AdminCredentials']>, { 200: Json<components['schemas']['TokenResponse']>; 401: ErrorBody; 422: ErrorBody; 429: ErrorBody }>;
  }>;
  '/api/admin/verify': Path<{ get: Op<NoParams, never, { 200: Json<{ valid: boolean }>; 401: ErrorBody }> }>;
  '/api/admin/register': Path<{
    post: Op<NoParams, Body<components['schemas']['AdminCredentials']>, { 201: Json<{ message: string }>; 401: ErrorBody; 409: ErrorBody; 422: ErrorBody }>;
  }>;
  '/api/admin/setup': Path<{ get: Op<NoParams, never, { 200: Json<{ registration_open: boolean }> }> }>;
}

export interface components {
  schemas: {
    ErrorBody: { error: string; fields?: { [field: string]: string } };
    Notification: { id: number; message: string; created_at: string };
    NotificationInput: { message: string };
    Contact: { id: number; full_name: string; email: string; message: string; created_at: string };
    ContactInput: { full_name: string; email: string; message: string };
    Subscriber: { id: number; value: string; created_at: string };
    SubscriberInput: { value: string };
    AdminCredentials: { email: string; password: string };
    TokenResponse: { token: string };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
