/**
 * Live events from the server's WebSocket `/ws` (docs/DESIGN.md §6), on the page's own origin. One
 * shared connection serves every subscriber; it reconnects with exponential back-off (1 s
 * doubling to 30 s, with jitter) and only exists while someone listens. It says "ping" every
 * 45 s: the server closes a socket that has sent nothing for a while (`SAMITI_WS_IDLE_SECS`,
 * default 120 s).
 */
import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from './realtime-event';

export type { RealtimeEvent };
type Handler = (event: RealtimeEvent) => void;

const handlers = new Set<Handler>();
let socket: WebSocket | null = null;
let retry = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let keepAlive: ReturnType<typeof setInterval> | undefined;

export const keepAliveMs = 45_000;

function stopKeepAlive() {
  if (keepAlive !== undefined) clearInterval(keepAlive);
  keepAlive = undefined;
}

export const backoff = { initialMs: 1000, maxMs: 30_000 };

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped, ±20 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws`;
}

function parse(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      return value as RealtimeEvent;
    }
  } catch {
    /* not an event */
  }
  return null;
}

function connect() {
  if (socket || handlers.size === 0 || typeof WebSocket === 'undefined') return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch {
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    retry = 0;
    stopKeepAlive();
    keepAlive = setInterval(() => {
      if (ws.readyState === 1) ws.send('ping');
    }, keepAliveMs);
  };
  ws.onmessage = (message) => {
    const event = parse(message.data);
    if (event) for (const handler of [...handlers]) handler(event);
  };
  ws.onclose = () => {
    if (socket === ws) {
      socket = null;
      stopKeepAlive();
    }
    scheduleReconnect();
  };
  ws.onerror = () => {
    // onclose follows and schedules the retry.
  };
}

function scheduleReconnect() {
  if (handlers.size === 0 || timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    connect();
  }, reconnectDelay(retry++));
}

function disconnect() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  retry = 0;
  stopKeepAlive();
  const ws = socket;
  socket = null;
  if (ws) {
    ws.onclose = null;
    ws.close();
  }
}

/** Subscribes to live events while the component is mounted. */
export function subscribe(handler: Handler): () => void {
  handlers.add(handler);
  connect();
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0) disconnect();
  };
}

/** Calls `handler` for every live event while the component is mounted. */
export function useRealtime(handler: Handler) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe((event) => latest.current(event)), []);
}
