/**
 * A fetch stand-in for the matrimonial pages' tests: answers each path with the given function,
 * records every request (with its body read as text) and fails the test on an unexpected path.
 */
export type Recorded = { method: string; path: string; url: URL; headers: Headers; body: string };
export type Handler = (request: Recorded) => Response | Promise<Response>;

export function serve(handlers: Record<string, Handler>) {
  const requests: Recorded[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const recorded: Recorded = {
      method: request.method,
      path: url.pathname,
      url,
      headers: request.headers,
      body: request.method === 'GET' ? '' : await request.text(),
    };
    requests.push(recorded);
    const key = Object.keys(handlers).find((pattern) => new RegExp(`^${pattern}$`).test(`${request.method} ${url.pathname}`));
    if (!key) throw new Error(`unexpected call ${request.method} ${url.pathname}`);
    return handlers[key](recorded);
  }) as typeof fetch;
  return requests;
}
