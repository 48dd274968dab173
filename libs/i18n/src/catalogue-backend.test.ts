import { loadFullIcu } from './format';
import { catalogueBackend, registerCatalogue } from './catalogues';

jest.mock('./format', () => ({
  catalogueNeedsFullIcu: () => true,
  loadFullIcu: jest.fn(() => Promise.resolve()),
}));
const icu = jest.mocked(loadFullIcu);

/** A loader whose catalogue arrives when `arrive` is called. */
function slowLoader() {
  let arrive: () => void = () => undefined;
  const loader = () =>
    new Promise<{ count: string }>((resolve) => {
      arrive = () => resolve({ count: '{n, plural, one {# take} other {# takes}}' });
    });
  return { loader, arrive: () => arrive() };
}

const read = (namespace: string) =>
  new Promise<unknown>((resolve, reject) =>
    catalogueBackend.read('en', namespace, (error, data) => (error ? reject(error) : resolve(data))),
  );

beforeEach(() => icu.mockClear());

describe('the catalogue backend', () => {
  it('fetches the ICU formatter beside a catalogue registered with plural messages', async () => {
    const { loader, arrive } = slowLoader();
    registerCatalogue('with-plurals', loader, { pluralMessages: true });
    const reading = read('with-plurals');
    await Promise.resolve();
    expect(icu).toHaveBeenCalled();
    arrive();
    await expect(reading).resolves.toEqual({ count: expect.stringContaining('plural') });
  });

  it('fetches it only once the catalogue shows it needs it otherwise', async () => {
    const { loader, arrive } = slowLoader();
    registerCatalogue('plain', loader);
    const reading = read('plain');
    await Promise.resolve();
    expect(icu).not.toHaveBeenCalled();
    arrive();
    await reading;
    expect(icu).toHaveBeenCalledTimes(1);
  });
});
