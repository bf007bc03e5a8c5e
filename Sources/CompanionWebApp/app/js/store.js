// A small key-value store in IndexedDB (database "companionkit", object store "kv"). Values are anything the
// structured clone algorithm keeps, CryptoKey included: a non-extractable private key is stored as a handle
// whose bytes no script can read.

const DATABASE = "companionkit";
const STORE = "kv";

/** @type {Promise<IDBDatabase> | null} */
let opening = null;

/** @returns {Promise<IDBDatabase>} */
function database() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = null;
        reject(request.error ?? new Error("cannot open IndexedDB"));
      };
    });
  }
  return opening;
}

/**
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} action
 * @returns {Promise<any>}
 */
async function run(mode, action) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = action(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
  });
}

/**
 * The value stored under `key`, or undefined.
 * @param {string} key
 * @returns {Promise<any>}
 */
export function get(key) {
  return run("readonly", (store) => store.get(key));
}

/**
 * Stores `value` under `key`.
 * @param {string} key
 * @param {any} value
 * @returns {Promise<void>}
 */
export async function put(key, value) {
  await run("readwrite", (store) => store.put(value, key));
}

/**
 * Removes `key`.
 * @param {string} key
 * @returns {Promise<void>}
 */
export async function remove(key) {
  await run("readwrite", (store) => store.delete(key));
}
