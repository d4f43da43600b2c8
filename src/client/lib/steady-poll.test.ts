import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollSteadily } from './steady-poll';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

/** A poll whose answers take `answerMs`, remembering when each call started. */
function slowPoll(answerMs: number, doneAfter = Number.POSITIVE_INFINITY) {
  const starts: number[] = [];
  const poll = () => {
    starts.push(Date.now());
    return new Promise<boolean>((resolve) => setTimeout(() => resolve(starts.length >= doneAfter), answerMs));
  };
  return { starts, poll };
}

describe('pollSteadily', () => {
  it('polls every interval from the start of the previous call, the first one interval after it starts', async () => {
    const { starts, poll } = slowPoll(700);
    const stop = pollSteadily(poll, 2000);
    await vi.advanceTimersByTimeAsync(8500);
    stop();
    expect(starts).toEqual([2000, 4000, 6000, 8000]);
  });

  it('never stacks calls behind a slow answer: the next starts when it arrives', async () => {
    const { starts, poll } = slowPoll(3100);
    const stop = pollSteadily(poll, 2000);
    await vi.advanceTimersByTimeAsync(12000);
    stop();
    expect(starts).toEqual([2000, 5100, 8200, 11300]);
  });

  it('stops when the poll says done, and when stopped', async () => {
    const done = slowPoll(100, 2);
    pollSteadily(done.poll, 2000);
    await vi.advanceTimersByTimeAsync(10000);
    expect(done.starts).toEqual([2000, 4000]);

    const stopped = slowPoll(100);
    const stop = pollSteadily(stopped.poll, 2000);
    await vi.advanceTimersByTimeAsync(2500);
    stop();
    await vi.advanceTimersByTimeAsync(10000);
    expect(stopped.starts).toEqual([12000]);
  });

  it('keeps polling after a failed call', async () => {
    let calls = 0;
    const stop = pollSteadily(async () => {
      calls += 1;
      if (calls === 1) throw new Error('502: Bad Gateway');
      return calls === 3;
    }, 2000);
    await vi.advanceTimersByTimeAsync(10000);
    stop();
    expect(calls).toBe(3);
  });
});
