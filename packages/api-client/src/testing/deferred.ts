export type Deferred<T> = {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
};

/** A promise a test settles by hand, so the order of events is set by the test, not by timers. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Wraps `target[method]` so the returned promise settles once the method has been called `times`
 * times: a test can wait until every request it started has reached a given step.
 */
export function whenCalled<T extends object>(target: T, method: keyof T, times: number): Promise<void> {
  const reached = deferred();
  const original = target[method] as (...args: unknown[]) => unknown;
  let calls = 0;
  (target as Record<keyof T, unknown>)[method] = (...args: unknown[]) => {
    const result = original.apply(target, args);
    calls += 1;
    if (calls === times) reached.resolve();
    return result;
  };
  return reached.promise;
}
