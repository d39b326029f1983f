import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fakeWebSocket';
import { keepAliveMs, reconnectDelay, subscribe } from './realtime';

describe('realtime', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('backs off exponentially up to 30 s, with jitter', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });

  it('shares one socket, reconnects after a drop and closes when nobody listens', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const a = vi.fn();
    const b = vi.fn();
    const stopA = subscribe(a);
    const stopB = subscribe(b);
    expect(FakeWebSocket.instances).toHaveLength(1);
    const first = FakeWebSocket.instances[0];
    first.open();
    first.receive({ type: 'notification_updated' });
    first.receive('not json');
    expect(a).toHaveBeenCalledWith({ type: 'notification_updated' });
    expect(b).toHaveBeenCalledTimes(1);

    first.drop();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // A second failure waits twice as long.
    FakeWebSocket.instances[1].drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    stopA();
    expect(FakeWebSocket.instances[2].closed).toBe(false);
    stopB();
    expect(FakeWebSocket.instances[2].closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('says something every 45 s while open, so the server does not close it as idle', () => {
    const stop = subscribe(() => {});
    const ws = FakeWebSocket.instances[0];
    const send = vi.spyOn(ws, 'send');
    ws.open();
    vi.advanceTimersByTime(keepAliveMs);
    expect(send).toHaveBeenCalledWith('ping');
    stop();
    vi.advanceTimersByTime(keepAliveMs * 2);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
