// The browser's idea of the connection, as tests set it: navigator.onLine and the online/offline events.

let onLine = true;

/** Says the page is online or offline, as the browser would (the value, then the event). */
export function setOnline(value: boolean): void {
  onLine = value;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => onLine });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

/** Back online after each test of the file. */
export function withNetworkControl(): void {
  afterEach(() => {
    onLine = true;
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => onLine });
  });
}
