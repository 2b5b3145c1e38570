/**
 * A read that every caller gets fresh — started after the call — while concurrent callers share it:
 * with one under way, the callers that arrive meanwhile wait for it to end and share the next one.
 * For a version every request looks up (content, catalogue): under load one query per round trip
 * serves every request, and a change committed before a request arrived is still seen by it.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let underWay: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    const started = read().finally(() => {
      if (underWay === started) underWay = undefined;
    });
    underWay = started;
    return started;
  };
  const settled = () => undefined;
  return () => {
    if (!underWay) return start();
    next ??= underWay.then(settled, settled).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
