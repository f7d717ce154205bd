/**
 * Waits up to `ms` for a promise: its value when it is fulfilled in time, else the promise itself (still pending,
 * or rejected) for the caller to stream to the page, where React Router's <Await> shows it or its error. Wrapped in
 * an object because an async function returning a promise would wait for it.
 */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | { pending: Promise<T> }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  const outcome = await Promise.race([
    promise.then(
      (value) => ({ value }),
      () => null,
    ),
    late,
  ]);
  clearTimeout(timer);
  return outcome ?? { pending: promise };
}
