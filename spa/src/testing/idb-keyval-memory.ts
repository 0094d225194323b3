// idb-keyval kept in memory, for jsdom (which has no IndexedDB): vi.mock('idb-keyval', () =>
// import('@/testing/idb-keyval-memory')). Values are copied on the way in and out, as IndexedDB's
// structured clone would; Blobs are kept as they are (jsdom's cannot be cloned).

type Store = Map<IDBValidKey, unknown>;

const stores = new Set<Store>();

function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  }
  return value;
}

export function createStore(): Store {
  const store: Store = new Map();
  stores.add(store);
  return store;
}

export async function get<T>(key: IDBValidKey, store: Store): Promise<T | undefined> {
  return copy(store.get(key) as T | undefined);
}

export async function set(key: IDBValidKey, value: unknown, store: Store): Promise<void> {
  store.set(key, copy(value));
}

export async function del(key: IDBValidKey, store: Store): Promise<void> {
  store.delete(key);
}

export async function values<T>(store: Store): Promise<T[]> {
  return [...store.values()].map((v) => copy(v as T));
}

/** Empties every store (between tests). */
export function clearAllStores(): void {
  stores.forEach((s) => s.clear());
}
