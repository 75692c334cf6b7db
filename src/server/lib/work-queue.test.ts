import { describe, expect, it } from 'vitest';
import { WorkQueue, WorkQueueFullError } from './work-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A task that runs until its `finish` (or `fail`) is called. */
function gate<T>(value: T) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<T>((resolve, reject) => {
    finish = () => resolve(value);
    fail = reject;
  });
  return { task: () => done, finish: () => finish(), fail: (error: Error) => fail(error) };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks at once, the rest in order of arrival', async () => {
    const queue = new WorkQueue(2, 10);
    const gates = [gate('a'), gate('b'), gate('c'), gate('d')];
    const order: string[] = [];
    const results = gates.map((g, index) =>
      queue.run(async () => {
        order.push(`start ${index}`);
        return g.task();
      }),
    );
    await tick();
    expect(queue.running).toBe(2);
    expect(queue.waiting).toBe(2);
    expect(order).toEqual(['start 0', 'start 1']);

    gates[1]!.finish();
    await tick();
    expect(order).toEqual(['start 0', 'start 1', 'start 2']);
    expect(queue.running).toBe(2);

    gates[0]!.finish();
    gates[2]!.finish();
    gates[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(order).toEqual(['start 0', 'start 1', 'start 2', 'start 3']);
    expect(queue.running).toBe(0);
    expect(queue.started).toBe(4);
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new WorkQueue(1, 10);
    const failing = gate('x');
    const first = queue.run(failing.task);
    const second = queue.run(async () => 'after');
    failing.fail(new Error('roto'));
    await expect(first).rejects.toThrow('roto');
    expect(await second).toBe('after');
    expect(queue.running).toBe(0);
  });

  it('refuses a task at once when the line is full, without running it', async () => {
    const queue = new WorkQueue(1, 1);
    const busy = gate('busy');
    const running = queue.run(busy.task);
    const waiting = queue.run(async () => 'waited');
    let ran = false;
    await expect(
      queue.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(WorkQueueFullError);
    expect(ran).toBe(false);
    busy.finish();
    expect(await running).toBe('busy');
    expect(await waiting).toBe('waited');
    expect(queue.started).toBe(2);
  });

  it('needs a concurrency of at least 1', () => {
    expect(() => new WorkQueue(0, 1)).toThrow();
  });
});
