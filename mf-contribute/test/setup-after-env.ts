// Each test starts on a device with nothing saved (a new IndexedDB) and ends as a closed page does: the
// queues it started stop, so no upload of one test runs into the next.
import { IDBFactory } from 'fake-indexeddb';
import { stopEveryQueue } from '../src/queue/runtime';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  stopEveryQueue();
});
