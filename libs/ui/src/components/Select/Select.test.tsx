import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderUi } from '../../testing/renderUi';
import { Select } from './Select';

const options = [
  { value: 'conversational', label: 'Conversational' },
  { value: 'academic', label: 'Academic' },
];

describe('Select', () => {
  it('is a labelled native select with a placeholder and options', async () => {
    const onChange = jest.fn();
    const ref = createRef<HTMLSelectElement>();
    const { user } = renderUi(
      <Select
        label="Category"
        placeholder="Choose a category"
        options={options}
        onChange={onChange}
        ref={ref}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select).toHaveValue('');
    await user.selectOptions(select, 'academic');
    expect(select).toHaveValue('academic');
    expect(onChange).toHaveBeenCalled();
    expect(ref.current).toBe(select);
  });

  it('shows the error with role alert and aria-invalid', () => {
    renderUi(<Select label="Category" options={options} error="Pick a category" />);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Pick a category');
  });
});
