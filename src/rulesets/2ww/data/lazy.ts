// A value built from static data on first use and never changed afterwards: an immutable lookup table, not state.
export function lazy<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}
