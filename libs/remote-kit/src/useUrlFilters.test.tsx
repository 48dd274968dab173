import { act, screen } from '@testing-library/react';
import { useNavigate } from '@platform/router';
import { definePage } from '@platform/contracts/client';
import { renderWithPlatform } from './testing';
import { useFilterText, useUrlFilters } from './useUrlFilters';

const listPage = definePage({
  name: 'list',
  path: '/list',
  remote: 'workspace',
  layout: 'app',
  title: 'List',
  access: 'signedIn',
  query: { q: 'text', colour: ['red', 'green'], sort: ['name', 'date'], page: 'page' },
});

function List() {
  const [filters, setFilters] = useUrlFilters(listPage, { sort: 'name', page: 1 });
  const [text, setText] = useFilterText(filters.q, { onPause: (q) => setFilters({ q }) });
  const navigate = useNavigate();
  // Typed: sort and page always have a value, colour only when the address sets it.
  const sort: 'name' | 'date' = filters.sort;
  const page: number = filters.page;
  const colour: 'red' | 'green' | undefined = filters.colour;
  return (
    <>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <p data-testid="view">{JSON.stringify({ sort, page, colour, q: filters.q })}</p>
      <button onClick={() => setFilters({ colour: 'red' })}>Red</button>
      <button onClick={() => setFilters({ sort: 'date' })}>By date</button>
      <button onClick={() => setFilters({ sort: 'name' })}>By name</button>
      <button onClick={() => setFilters({ page: page + 1 })}>Next page</button>
      <button onClick={() => setFilters({ page: 9 }, { replace: true })}>Last page</button>
      <button onClick={() => navigate(-1)}>Back</button>
      <button
        onClick={() => {
          // Two choices before the page re-renders, as two quick changes on a busy phone.
          setFilters({ colour: 'green' });
          setFilters({ sort: 'date' });
        }}
      >
        Green by date
      </button>
    </>
  );
}

const view = () => JSON.parse(screen.getByTestId('view').textContent!) as Record<string, unknown>;

describe('useUrlFilters', () => {
  it('reads the declared parameters of the address, typed, over the defaults, ignoring what does not read', () => {
    renderWithPlatform(<List />, { path: '/list?colour=green&sort=sideways&page=3&__throw=x' });
    expect(view()).toEqual({ sort: 'name', page: 3, colour: 'green' });
  });

  it('writes a change into the address, defaults left out, other parameters kept', async () => {
    const { user, location } = renderWithPlatform(<List />, { path: '/list?page=2&__throw=x' });
    await user.click(screen.getByRole('button', { name: 'By date' }));
    // A change of filters goes back to the first page.
    expect(location()).toBe('/list?sort=date&__throw=x');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/list?sort=date&page=2&__throw=x');
    await user.click(screen.getByRole('button', { name: 'By name' }));
    expect(location()).toBe('/list?__throw=x');
    expect(view()).toEqual({ sort: 'name', page: 1 });
  });

  it('makes each view a history entry, so Back returns to the one before; replace makes none', async () => {
    const { user, location } = renderWithPlatform(<List />, { path: '/list' });
    await user.click(screen.getByRole('button', { name: 'Red' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(location()).toBe('/list?colour=red&page=9');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/list?colour=red');
    expect(view()).toEqual({ sort: 'name', page: 1, colour: 'red' });
  });
});

describe('useUrlFilters, two changes before the page re-renders', () => {
  it('keeps both, and Back still returns to the view before them', async () => {
    const { user, location } = renderWithPlatform(<List />, { path: '/list?page=3' });
    await user.click(screen.getByRole('button', { name: 'Green by date' }));
    expect(location()).toBe('/list?colour=green&sort=date');
    expect(view()).toEqual({ sort: 'date', page: 1, colour: 'green' });
    await user.click(screen.getByRole('button', { name: 'Red' }));
    expect(location()).toBe('/list?colour=red&sort=date');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/list?page=3');
    // A change after Back starts from the address shown, not from one written before.
    await user.click(screen.getByRole('button', { name: 'Red' }));
    expect(location()).toBe('/list?colour=red');
  });
});

describe('useFilterText', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends what was typed once typing pauses, and follows the address when it changes otherwise', async () => {
    const { user, location } = renderWithPlatform(<List />, { path: '/list?page=4', fakeTimers: true });
    const box = screen.getByRole('textbox', { name: 'Search' });
    await user.type(box, 'ada');
    expect(location()).toBe('/list?page=4');
    act(() => void jest.advanceTimersByTime(300));
    expect(location()).toBe('/list?q=ada');
    // Typing goes on while the address catches up: nothing typed is lost.
    await user.type(box, ' lovelace ');
    expect(box).toHaveValue('ada lovelace ');
    act(() => void jest.advanceTimersByTime(300));
    expect(location()).toBe('/list?q=ada+lovelace');
    expect(box).toHaveValue('ada lovelace ');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(box).toHaveValue('ada');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(box).toHaveValue('');
    act(() => void jest.advanceTimersByTime(300));
    expect(location()).toBe('/list?page=4');
  });
});
