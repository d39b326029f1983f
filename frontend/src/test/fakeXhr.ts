import { act } from '@testing-library/react';

/** A stand-in for XMLHttpRequest that the test answers by hand, one instance per request. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  /** The answer's headers, by lower-case name. */
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    act(() => this.onload?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
}
