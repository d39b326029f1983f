// What the site's bundle (frontend/src/engine/engine.ts) needs from a browser's worker and
// QuickJS lacks: timers, MessageChannel, TextEncoder/TextDecoder, a minimal ReadableStream,
// URL/URLSearchParams, AbortController, Headers/Request/Response and console. Only what
// react-dom/static's `prerender`, react-router's static handler, i18next and the page finishing
// use, not whole web platforms. Run once in every fresh context before the bundle.
//
// Nothing here waits: time is virtual. Tasks (setImmediate, MessageChannel messages) run in
// order; when none is left the earliest timer runs and the clock jumps to it. mod.rs drives the
// loop: promise jobs first, then `__engine.runNextTask()`, until the render settles.
//
// `__engine` (set up by mod.rs) holds the host functions: encodeUtf8(string) → Uint8Array,
// decodeUtf8(Uint8Array, fatal) → string (null when fatal and not UTF-8), print(level, text).
'use strict';
(() => {
  const host = globalThis.__engine;
  globalThis.self = globalThis;

  // ---- console ----------------------------------------------------------------------------
  const show = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.stack ? `${value.name}: ${value.message}\n${value.stack}` : `${value.name}: ${value.message}`;
    try {
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    } catch {
      return String(value);
    }
  };
  // `%s`, `%d`, `%o`… as browsers read them (React's warnings use them).
  const format = (args) => {
    if (typeof args[0] !== 'string') return args.map(show).join(' ');
    let rest = args.slice(1);
    const text = args[0].replace(/%[sdifoOc%]/g, (spec) => {
      if (spec === '%%') return '%';
      if (rest.length === 0) return spec;
      const [value] = rest;
      rest = rest.slice(1);
      if (spec === '%c') return '';
      if (spec === '%d' || spec === '%i') return String(parseInt(value, 10));
      if (spec === '%f') return String(Number(value));
      return show(value);
    });
    return [text, ...rest.map(show)].join(' ');
  };
  const print = (level) => (...args) => host.print(level, format(args).toWellFormed());
  globalThis.console = {
    log: print('log'), info: print('info'), debug: print('debug'), trace: print('debug'),
    warn: print('warn'), error: print('error'),
    assert: (ok, ...args) => { if (!ok) print('error')('Assertion failed:', ...args); },
    group() {}, groupCollapsed() {}, groupEnd() {}, time() {}, timeEnd() {}, table: print('log'), dir: print('log'),
  };

  // ---- tasks and timers (virtual clock) ---------------------------------------------------
  const tasks = []; // [id, callback] in the order they were queued
  const timers = new Map(); // id → { at, order, callback, every }
  let clock = 0;
  let lastId = 0;
  let order = 0;
  const callable = (callback) => {
    if (typeof callback !== 'function') throw new TypeError('a timer needs a function (code strings are not run)');
    return callback;
  };
  const addTimer = (callback, delay, args, repeat) => {
    const id = ++lastId;
    const wait = Math.max(0, Number(delay) || 0);
    const fn = callable(callback);
    timers.set(id, { at: clock + wait, order: ++order, callback: () => fn(...args), every: repeat ? Math.max(1, wait) : 0 });
    return id;
  };
  globalThis.setTimeout = (callback, delay, ...args) => addTimer(callback, delay, args, false);
  globalThis.setInterval = (callback, delay, ...args) => addTimer(callback, delay, args, true);
  globalThis.clearTimeout = globalThis.clearInterval = (id) => { timers.delete(id); };
  globalThis.setImmediate = (callback, ...args) => {
    const fn = callable(callback);
    const id = ++lastId;
    tasks.push([id, () => fn(...args)]);
    return id;
  };
  globalThis.clearImmediate = (id) => {
    const index = tasks.findIndex(([queued]) => queued === id);
    if (index >= 0) tasks.splice(index, 1);
  };
  if (typeof globalThis.queueMicrotask !== 'function') {
    globalThis.queueMicrotask = (callback) => { Promise.resolve().then(callable(callback)); };
  }
  const started = Date.now();
  globalThis.performance = { now: () => Date.now() - started + clock, timeOrigin: started };

  /** Runs the next task, else the earliest timer; false when there is neither. */
  const runNextTask = () => {
    const task = tasks.shift();
    if (task) {
      task[1]();
      return true;
    }
    let next;
    for (const [id, timer] of timers) {
      if (!next || timer.at < next[1].at || (timer.at === next[1].at && timer.order < next[1].order)) next = [id, timer];
    }
    if (!next) return false;
    const [id, timer] = next;
    clock = Math.max(clock, timer.at);
    if (timer.every) {
      timer.at += timer.every;
      timer.order = ++order;
    } else {
      timers.delete(id);
    }
    timer.callback();
    return true;
  };

  // ---- MessageChannel (react-dom's server schedules its work on one) -----------------------
  class MessagePort {
    onmessage = null;
    #other = null;
    #listeners = [];
    #closed = false;
    static pair(a, b) {
      a.#other = b;
      b.#other = a;
    }
    postMessage(data) {
      const target = this.#other;
      if (this.#closed || !target) return;
      tasks.push([++lastId, () => target.#deliver(data)]);
    }
    #deliver(data) {
      if (this.#closed) return;
      const event = { type: 'message', data, target: this };
      if (typeof this.onmessage === 'function') this.onmessage(event);
      for (const listener of this.#listeners) listener(event);
    }
    addEventListener(type, listener) {
      if (type === 'message' && typeof listener === 'function') this.#listeners.push(listener);
    }
    removeEventListener(type, listener) {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    }
    start() {}
    close() {
      this.#closed = true;
    }
  }
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      this.port1 = new MessagePort();
      this.port2 = new MessagePort();
      MessagePort.pair(this.port1, this.port2);
    }
  };

  // ---- TextEncoder / TextDecoder (UTF-8 only, the work done in Rust) -----------------------
  const utf8Length = (code) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);
  globalThis.TextEncoder = class TextEncoder {
    get encoding() {
      return 'utf-8';
    }
    encode(text = '') {
      return host.encodeUtf8(String(text).toWellFormed());
    }
    encodeInto(text, target) {
      const source = String(text).toWellFormed();
      let read = 0;
      let written = 0;
      // Whole code points only, as many as fit.
      for (const char of source) {
        const length = utf8Length(char.codePointAt(0));
        if (written + length > target.length) break;
        written += length;
        read += char.length;
      }
      target.set(host.encodeUtf8(source.slice(0, read)));
      return { read, written };
    }
  };
  const asBytes = (input) => {
    if (input === undefined) return new Uint8Array(0);
    if (input instanceof ArrayBuffer) return new Uint8Array(input);
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    throw new TypeError('TextDecoder.decode takes an ArrayBuffer or a view of one');
  };
  /** How many bytes at the end of `bytes` begin a UTF-8 sequence that is not complete yet. */
  const unfinishedTail = (bytes) => {
    for (let back = 1; back <= Math.min(3, bytes.length); back++) {
      const byte = bytes[bytes.length - back];
      if ((byte & 0xc0) !== 0x80) {
        const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
        return needs > back ? back : 0;
      }
    }
    return 0;
  };
  globalThis.TextDecoder = class TextDecoder {
    #fatal;
    #ignoreBOM;
    #pending = new Uint8Array(0);
    #started = false;
    constructor(label = 'utf-8', options = {}) {
      if (!/^\s*(utf-?8|unicode-1-1-utf-8)\s*$/i.test(String(label))) throw new RangeError(`TextDecoder: only UTF-8 is supported, not ${label}`);
      this.#fatal = Boolean(options.fatal);
      this.#ignoreBOM = Boolean(options.ignoreBOM);
    }
    get encoding() {
      return 'utf-8';
    }
    get fatal() {
      return this.#fatal;
    }
    get ignoreBOM() {
      return this.#ignoreBOM;
    }
    decode(input, options = {}) {
      let bytes = asBytes(input);
      if (this.#pending.length) {
        const joined = new Uint8Array(this.#pending.length + bytes.length);
        joined.set(this.#pending);
        joined.set(bytes, this.#pending.length);
        bytes = joined;
      }
      const keep = options.stream ? unfinishedTail(bytes) : 0;
      this.#pending = bytes.slice(bytes.length - keep);
      let text = host.decodeUtf8(bytes.subarray(0, bytes.length - keep), this.#fatal);
      if (text === null) throw new TypeError('The encoded data was not valid UTF-8');
      if (!this.#started && !this.#ignoreBOM && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.#started = Boolean(options.stream);
      return text;
    }
  };

  // ---- AbortController -------------------------------------------------------------------
  class AbortSignal {
    aborted = false;
    reason = undefined;
    onabort = null;
    #listeners = [];
    addEventListener(type, listener, options) {
      if (type === 'abort' && typeof listener === 'function') this.#listeners.push({ listener, once: Boolean(options?.once) });
    }
    removeEventListener(type, listener) {
      this.#listeners = this.#listeners.filter((entry) => entry.listener !== listener);
    }
    throwIfAborted() {
      if (this.aborted) throw this.reason;
    }
    static abort(reason) {
      const controller = new AbortController();
      controller.abort(reason);
      return controller.signal;
    }
    static _abort(signal, reason) {
      if (signal.aborted) return;
      signal.aborted = true;
      signal.reason = reason === undefined ? new Error('This operation was aborted') : reason;
      const event = { type: 'abort', target: signal };
      if (typeof signal.onabort === 'function') signal.onabort(event);
      const listeners = signal.#listeners;
      signal.#listeners = listeners.filter((entry) => !entry.once);
      for (const { listener } of listeners) listener(event);
    }
  }
  globalThis.AbortSignal = AbortSignal;
  globalThis.AbortController = class AbortController {
    signal = new AbortSignal();
    abort(reason) {
      AbortSignal._abort(this.signal, reason);
    }
  };

  // ---- URL and URLSearchParams (absolute http(s)-like URLs and references against them) ----
  const encodeQueryPart = (text) => encodeURIComponent(text).replace(/%20/g, '+');
  const decodeQueryPart = (text) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  class URLSearchParams {
    #list = [];
    #url = null;
    constructor(init = '') {
      if (typeof init === 'string') this.#parse(init);
      else if (init instanceof URLSearchParams) this.#list = [...init.entries()];
      else if (init && typeof init[Symbol.iterator] === 'function') this.#list = [...init].map(([k, v]) => [String(k), String(v)]);
      else if (init && typeof init === 'object') this.#list = Object.entries(init).map(([k, v]) => [k, String(v)]);
    }
    static _bound(url, query) {
      const params = new URLSearchParams(query);
      params.#url = url;
      return params;
    }
    #parse(query) {
      this.#list = query
        .replace(/^\?/, '')
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          return at < 0 ? [decodeQueryPart(pair), ''] : [decodeQueryPart(pair.slice(0, at)), decodeQueryPart(pair.slice(at + 1))];
        });
    }
    _reset(query) {
      this.#parse(query);
    }
    #changed() {
      if (this.#url) this.#url._setSearchFromParams(this.toString());
    }
    get size() {
      return this.#list.length;
    }
    append(name, value) {
      this.#list.push([String(name), String(value)]);
      this.#changed();
    }
    delete(name, value) {
      this.#list = this.#list.filter(([k, v]) => k !== String(name) || (value !== undefined && v !== String(value)));
      this.#changed();
    }
    get(name) {
      return this.#list.find(([k]) => k === String(name))?.[1] ?? null;
    }
    getAll(name) {
      return this.#list.filter(([k]) => k === String(name)).map(([, v]) => v);
    }
    has(name, value) {
      return this.#list.some(([k, v]) => k === String(name) && (value === undefined || v === String(value)));
    }
    set(name, value) {
      const key = String(name);
      const at = this.#list.findIndex(([k]) => k === key);
      if (at < 0) this.#list.push([key, String(value)]);
      else this.#list = this.#list.filter(([k], i) => k !== key || i === at).map((pair, i) => (i === at ? [key, String(value)] : pair));
      this.#changed();
    }
    sort() {
      this.#list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      this.#changed();
    }
    forEach(callback, thisArg) {
      for (const [k, v] of this.#list) callback.call(thisArg, v, k, this);
    }
    entries() {
      return this.#list.map((pair) => [...pair])[Symbol.iterator]();
    }
    keys() {
      return this.#list.map(([k]) => k)[Symbol.iterator]();
    }
    values() {
      return this.#list.map(([, v]) => v)[Symbol.iterator]();
    }
    [Symbol.iterator]() {
      return this.entries();
    }
    toString() {
      return this.#list.map(([k, v]) => `${encodeQueryPart(k)}=${encodeQueryPart(v)}`).join('&');
    }
  }
  globalThis.URLSearchParams = URLSearchParams;

  const SPECIAL_PORTS = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21' };
  const ABSOLUTE = /^([a-zA-Z][a-zA-Z\d+.-]*:)(\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;
  // Characters a browser percent-encodes in a path, query or fragment (spaces, quotes, non-ASCII…).
  const encodeUnsafe = (text, unsafe) => text.replace(unsafe, (c) => encodeURIComponent(c));
  const PATH_UNSAFE = /[^\x21-\x7e]|["<>`{}^|\\]/gu;
  const QUERY_UNSAFE = /[^\x21-\x7e]|["<>`']/gu;
  const FRAGMENT_UNSAFE = /[^\x21-\x7e]|["<>`]/gu;
  /** `/a/./b/../c` → `/a/c` */
  const normalizePath = (path) => {
    const out = [];
    const segments = path.split('/');
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1;
      if (segment === '..') {
        if (out.length > 1) out.pop();
        if (last) out.push('');
      } else if (segment === '.') {
        if (last) out.push('');
      } else {
        out.push(segment);
      }
    });
    const joined = out.join('/');
    return joined.startsWith('/') ? joined : `/${joined}`;
  };

  class URL {
    #protocol = '';
    #username = '';
    #password = '';
    #hostname = '';
    #port = '';
    #pathname = '';
    #search = '';
    #hash = '';
    #hasAuthority = false;
    #params = null;
    constructor(input, base) {
      const text = String(input).trim().replace(/[\t\n\r]/g, '');
      const absolute = ABSOLUTE.exec(text);
      if (absolute) {
        this.#set(absolute);
        return;
      }
      if (base === undefined) throw new TypeError(`Invalid URL: ${text}`);
      const from = base instanceof URL ? base : new URL(base);
      this.#protocol = from.protocol;
      this.#hasAuthority = from.#hasAuthority;
      if (text.startsWith('//')) {
        this.#set(ABSOLUTE.exec(`${from.protocol}${text}`));
        return;
      }
      this.#username = from.#username;
      this.#password = from.#password;
      this.#hostname = from.#hostname;
      this.#port = from.#port;
      const [, path = '', search, hash] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(text);
      if (path) {
        const dir = from.#pathname.slice(0, from.#pathname.lastIndexOf('/') + 1);
        this.#pathname = normalizePath(encodeUnsafe(path.startsWith('/') ? path : dir + path, PATH_UNSAFE));
        this.#search = search === undefined || search === '?' ? '' : encodeUnsafe(search, QUERY_UNSAFE);
      } else {
        this.#pathname = from.#pathname;
        this.#search = search === undefined ? from.#search : search === '?' ? '' : encodeUnsafe(search, QUERY_UNSAFE);
      }
      this.#hash = hash === undefined || hash === '#' ? '' : encodeUnsafe(hash, FRAGMENT_UNSAFE);
    }
    #set([, protocol, , authority, path, search, hash]) {
      this.#protocol = protocol.toLowerCase();
      this.#hasAuthority = authority !== undefined;
      if (this.#hasAuthority) {
        const at = authority.lastIndexOf('@');
        if (at >= 0) {
          const [user, pass = ''] = authority.slice(0, at).split(':');
          this.#username = user;
          this.#password = pass;
        }
        const hostPort = authority.slice(at + 1);
        const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
        if (!match) throw new TypeError(`Invalid URL: ${hostPort}`);
        this.#hostname = match[1].toLowerCase();
        const port = match[2] ?? '';
        this.#port = port === SPECIAL_PORTS[this.#protocol] ? '' : port;
        if (this.#protocol in SPECIAL_PORTS && !this.#hostname) throw new TypeError('Invalid URL: no host');
      }
      const special = this.#protocol in SPECIAL_PORTS;
      this.#pathname = special || this.#hasAuthority ? normalizePath(encodeUnsafe(path || '/', PATH_UNSAFE)) : path;
      this.#search = search === undefined || search === '?' ? '' : encodeUnsafe(search, QUERY_UNSAFE);
      this.#hash = hash === undefined || hash === '#' ? '' : encodeUnsafe(hash, FRAGMENT_UNSAFE);
    }
    _setSearchFromParams(query) {
      this.#search = query ? `?${query}` : '';
    }
    static canParse(input, base) {
      try {
        new URL(input, base);
        return true;
      } catch {
        return false;
      }
    }
    get protocol() { return this.#protocol; }
    set protocol(value) { this.#protocol = `${String(value).replace(/:.*$/, '').toLowerCase()}:`; }
    get username() { return this.#username; }
    get password() { return this.#password; }
    get hostname() { return this.#hostname; }
    set hostname(value) { this.#hostname = String(value).toLowerCase(); }
    get port() { return this.#port; }
    set port(value) { this.#port = String(value) === SPECIAL_PORTS[this.#protocol] ? '' : String(value); }
    get host() { return this.#port ? `${this.#hostname}:${this.#port}` : this.#hostname; }
    get origin() { return this.#protocol in SPECIAL_PORTS ? `${this.#protocol}//${this.host}` : 'null'; }
    get pathname() { return this.#pathname; }
    set pathname(value) { this.#pathname = normalizePath(encodeUnsafe(String(value), PATH_UNSAFE)); }
    get search() { return this.#search; }
    set search(value) {
      const query = String(value).replace(/^\?/, '');
      this.#search = query ? `?${encodeUnsafe(query, QUERY_UNSAFE)}` : '';
      this.#params?._reset(this.#search);
    }
    get searchParams() {
      this.#params ??= URLSearchParams._bound(this, this.#search);
      return this.#params;
    }
    get hash() { return this.#hash; }
    set hash(value) {
      const fragment = String(value).replace(/^#/, '');
      this.#hash = fragment ? `#${encodeUnsafe(fragment, FRAGMENT_UNSAFE)}` : '';
    }
    get href() {
      const auth = this.#username ? `${this.#username}${this.#password ? `:${this.#password}` : ''}@` : '';
      const authority = this.#hasAuthority ? `//${auth}${this.host}` : '';
      return `${this.#protocol}${authority}${this.#pathname}${this.#search}${this.#hash}`;
    }
    toString() { return this.href; }
    toJSON() { return this.href; }
  }
  globalThis.URL = URL;

  // ---- ReadableStream (what react-dom's prerender writes and Response reads) --------------
  globalThis.ReadableStream = class ReadableStream {
    #source;
    #queue = [];
    #reads = [];
    #state = 'readable';
    #closing = false;
    #error = undefined;
    #started = false;
    #pulling = false;
    #pullAgain = false;
    #highWaterMark;
    #locked = false;
    #controller;
    constructor(source = {}, strategy = {}) {
      this.#source = source;
      this.#highWaterMark = strategy.highWaterMark ?? (source.type === 'bytes' ? 0 : 1);
      const stream = this;
      this.#controller = {
        byobRequest: null,
        get desiredSize() {
          return stream.#state === 'readable' ? stream.#highWaterMark - stream.#queue.length : stream.#state === 'closed' ? 0 : null;
        },
        enqueue: (chunk) => this.#enqueue(chunk),
        close: () => this.#close(),
        error: (reason) => this.#fail(reason),
      };
      let start;
      try {
        start = source.start?.(this.#controller);
      } catch (error) {
        this.#fail(error);
      }
      Promise.resolve(start).then(
        () => {
          this.#started = true;
          this.#pullIfNeeded();
        },
        (error) => this.#fail(error),
      );
    }
    get locked() {
      return this.#locked;
    }
    #enqueue(chunk) {
      if (this.#state !== 'readable' || this.#closing) throw new TypeError('The stream is closed or errored');
      const read = this.#reads.shift();
      if (read) read.resolve({ value: chunk, done: false });
      else this.#queue.push(chunk);
      this.#pullIfNeeded();
    }
    #close() {
      if (this.#state !== 'readable' || this.#closing) throw new TypeError('The stream is closed or errored');
      this.#closing = true;
      if (this.#queue.length === 0) this.#finish();
    }
    #finish() {
      this.#state = 'closed';
      for (const read of this.#reads.splice(0)) read.resolve({ value: undefined, done: true });
    }
    #fail(reason) {
      if (this.#state !== 'readable') return;
      this.#state = 'errored';
      this.#error = reason;
      this.#queue = [];
      for (const read of this.#reads.splice(0)) read.reject(reason);
    }
    #pullIfNeeded() {
      if (!this.#started || this.#state !== 'readable' || this.#closing || !this.#source.pull) return;
      if (this.#reads.length === 0 && this.#queue.length >= this.#highWaterMark) return;
      if (this.#pulling) {
        this.#pullAgain = true;
        return;
      }
      this.#pulling = true;
      let pulled;
      try {
        pulled = this.#source.pull(this.#controller);
      } catch (error) {
        this.#fail(error);
        return;
      }
      Promise.resolve(pulled).then(
        () => {
          this.#pulling = false;
          if (this.#pullAgain) {
            this.#pullAgain = false;
            this.#pullIfNeeded();
          }
        },
        (error) => this.#fail(error),
      );
    }
    #read() {
      if (this.#queue.length) {
        const value = this.#queue.shift();
        if (this.#closing && this.#queue.length === 0) this.#finish();
        else this.#pullIfNeeded();
        return Promise.resolve({ value, done: false });
      }
      if (this.#state === 'closed') return Promise.resolve({ value: undefined, done: true });
      if (this.#state === 'errored') return Promise.reject(this.#error);
      return new Promise((resolve, reject) => {
        this.#reads.push({ resolve, reject });
        this.#pullIfNeeded();
      });
    }
    cancel(reason) {
      if (this.#state !== 'readable') return Promise.resolve();
      this.#queue = [];
      this.#finish();
      return Promise.resolve(this.#source.cancel?.(reason)).then(() => undefined);
    }
    getReader() {
      if (this.#locked) throw new TypeError('The stream is locked to a reader');
      this.#locked = true;
      const stream = this;
      return {
        read: () => stream.#read(),
        cancel: (reason) => stream.cancel(reason),
        releaseLock: () => {
          stream.#locked = false;
        },
        get closed() {
          return stream.#state === 'errored' ? Promise.reject(stream.#error) : Promise.resolve();
        },
      };
    }
    async *[Symbol.asyncIterator]() {
      const reader = this.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          yield value;
        }
      } finally {
        reader.releaseLock();
      }
    }
  };

  // ---- Headers, Request, Response (react-router's static handler) --------------------------
  class Headers {
    #map = new Map(); // lower-case name → [name as given, value]
    constructor(init) {
      if (init instanceof Headers) init.forEach((value, name) => this.append(name, value));
      else if (Array.isArray(init)) for (const [name, value] of init) this.append(name, value);
      else if (init && typeof init === 'object') for (const [name, value] of Object.entries(init)) this.append(name, value);
    }
    append(name, value) {
      const key = String(name).toLowerCase();
      const existing = this.#map.get(key);
      this.#map.set(key, existing ? `${existing}, ${String(value)}` : String(value));
    }
    set(name, value) { this.#map.set(String(name).toLowerCase(), String(value)); }
    get(name) { return this.#map.get(String(name).toLowerCase()) ?? null; }
    has(name) { return this.#map.has(String(name).toLowerCase()); }
    delete(name) { this.#map.delete(String(name).toLowerCase()); }
    getSetCookie() { const value = this.get('set-cookie'); return value === null ? [] : [value]; }
    forEach(callback, thisArg) { for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this); }
    entries() { return [...this.#map].sort(([a], [b]) => (a < b ? -1 : 1))[Symbol.iterator](); }
    keys() { return [...this.entries()].map(([name]) => name)[Symbol.iterator](); }
    values() { return [...this.entries()].map(([, value]) => value)[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
  }
  globalThis.Headers = Headers;

  const encoder = new TextEncoder();
  /** A body as a stream, whatever it was given as (string, bytes, stream or nothing). */
  const bodyStream = (body) => {
    if (body === null || body === undefined) return null;
    if (body instanceof ReadableStream) return body;
    const bytes = typeof body === 'string' ? encoder.encode(body) : body instanceof URLSearchParams ? encoder.encode(body.toString()) : asBytes(body);
    return new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  };
  const readAll = async (stream) => {
    if (!stream) return new Uint8Array(0);
    const chunks = [];
    let length = 0;
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const bytes = typeof value === 'string' ? encoder.encode(value) : asBytes(value);
      chunks.push(bytes);
      length += bytes.length;
    }
    const all = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return all;
  };
  /** text(), json(), arrayBuffer() and bodyUsed, shared by Request and Response. */
  class Body {
    #body;
    #used = false;
    constructor(body) {
      this.#body = bodyStream(body);
    }
    get body() { return this.#body; }
    get bodyUsed() { return this.#used; }
    async arrayBuffer() {
      if (this.#used) throw new TypeError('The body has already been read');
      this.#used = true;
      const bytes = await readAll(this.#body);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    }
    async bytes() { return new Uint8Array(await this.arrayBuffer()); }
    async text() { return host.decodeUtf8(new Uint8Array(await this.arrayBuffer()), false); }
    async json() { return JSON.parse(await this.text()); }
  }

  globalThis.Request = class Request extends Body {
    constructor(input, init = {}) {
      const from = input instanceof Request ? input : null;
      super(init.body ?? null);
      this.url = from ? from.url : new URL(String(input)).href;
      this.method = String(init.method ?? from?.method ?? 'GET').toUpperCase();
      this.headers = new Headers(init.headers ?? from?.headers);
      this.signal = init.signal ?? from?.signal ?? new AbortController().signal;
      this.redirect = init.redirect ?? from?.redirect ?? 'follow';
      this.credentials = init.credentials ?? from?.credentials ?? 'same-origin';
      this.mode = init.mode ?? from?.mode ?? 'cors';
      this.cache = init.cache ?? 'default';
      this.referrer = init.referrer ?? 'about:client';
      this.integrity = init.integrity ?? '';
      this.keepalive = Boolean(init.keepalive);
      this.duplex = init.duplex;
    }
    clone() {
      return new Request(this, { headers: this.headers, signal: this.signal });
    }
  };

  globalThis.Response = class Response extends Body {
    constructor(body = null, init = {}) {
      super(body);
      this.status = init.status ?? 200;
      if (this.status < 200 || this.status > 599) throw new RangeError(`Response status ${this.status} is outside 200–599`);
      this.statusText = init.statusText ?? '';
      this.headers = new Headers(init.headers);
      if (typeof body === 'string' && !this.headers.has('content-type')) this.headers.set('content-type', 'text/plain;charset=UTF-8');
      this.type = 'default';
      this.url = '';
      this.redirected = false;
    }
    get ok() {
      return this.status >= 200 && this.status < 300;
    }
    static json(data, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return new Response(JSON.stringify(data), { ...init, headers });
    }
    static redirect(url, status = 302) {
      return new Response(null, { status, headers: { location: new URL(url).href } });
    }
    static error() {
      const response = new Response(null, { status: 200 });
      response.status = 0;
      response.type = 'error';
      return response;
    }
  };

  // ---- the driver (mod.rs) ------------------------------------------------------------------
  host.runNextTask = runNextTask;
  // Set before the render, so that its end allocates as little as it can (it may come when
  // memory has run out).
  host.done = false;
  host.site = undefined;
  host.error = undefined;
  const finished = (site) => {
    host.site = site;
    host.done = true;
  };
  const failed = (error) => {
    host.error = error;
    host.done = true;
  };
  /** Starts `globalThis[name].renderSite(contentJson)`; its outcome lands in `site` or `error`. */
  host.start = (name, contentJson) => {
    const engine = globalThis[name];
    if (typeof engine?.renderSite !== 'function') throw new TypeError(`the bundle defines no ${name}.renderSite`);
    Promise.resolve()
      .then(() => engine.renderSite(contentJson))
      .then(finished, failed);
  };
})();
