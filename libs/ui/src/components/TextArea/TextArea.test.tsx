import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderUi } from '../../testing/renderUi';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('takes multi-line input and forwards ref to the textarea', async () => {
    const ref = createRef<HTMLTextAreaElement>();
    const { user } = renderUi(<TextArea label="Sentences" ref={ref} />);
    const area = screen.getByRole('textbox', { name: 'Sentences' });
    await user.type(area, 'one{enter}two');
    expect(area).toHaveValue('one\ntwo');
    expect(ref.current).toBe(area);
  });

  it('shows the error as an alert wired to the field', () => {
    renderUi(<TextArea label="English Text" error="This field is required" />);
    const area = screen.getByRole('textbox', { name: 'English Text' });
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(area).toHaveAccessibleDescription('This field is required');
  });
});
