import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderUi } from '../../testing/renderUi';
import { FileField } from './FileField';

describe('FileField', () => {
  it('is a labelled file input described by its hint, and hands over the file chosen', async () => {
    const chosen: (File | undefined)[] = [];
    const ref = createRef<HTMLInputElement>();
    const { user } = renderUi(
      <FileField
        label="File"
        hint="A .txt or .csv file"
        accept=".txt,.csv"
        ref={ref}
        onChange={(e) => chosen.push(e.target.files?.[0])}
      />,
    );
    const input = screen.getByLabelText('File');
    expect(input).toBe(ref.current);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('A .txt or .csv file');
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.upload(input, new File(['Ẹ kú àárọ̀'], 'lines.txt', { type: 'text/plain' }));
    expect(chosen.map((file) => file?.name)).toEqual(['lines.txt']);
  });

  it('shows its error as an alert under the hint, marks the input invalid and describes it with both', () => {
    renderUi(<FileField label="File" hint="Up to 5 MB" error="Please choose a file." />);
    const input = screen.getByLabelText('File');
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a file.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Up to 5 MB Please choose a file.');
  });

  it('takes an error shown elsewhere in the form: invalid from outside, described by it too', () => {
    renderUi(
      <>
        <FileField label="File" hint="Up to 5 MB" aria-invalid aria-describedby="form-problem" />
        <p id="form-problem">Please fill all fields and select a file.</p>
      </>,
    );
    const input = screen.getByLabelText('File');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Up to 5 MB Please fill all fields and select a file.');
  });
});
