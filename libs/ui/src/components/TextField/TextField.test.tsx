import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderUi } from '../../testing/renderUi';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is labelled, typeable and valid by default', async () => {
    const { user } = renderUi(<TextField label="Email" hint="We never share it" name="email" />);
    const input = screen.getByLabelText('Email');
    await user.type(input, 'ada@example.ng');
    expect(input).toHaveValue('ada@example.ng');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We never share it');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error with role="alert", sets aria-invalid and describes the input with it', () => {
    renderUi(<TextField label="Email" hint="Work email" error="Email already exists." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(screen.getByRole('alert')).toHaveTextContent('Email already exists.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Work email Email already exists.');
  });

  it('forwards ref to the native input (for form libraries)', () => {
    const ref = createRef<HTMLInputElement>();
    renderUi(<TextField label="Name" ref={ref} />);
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
    expect(ref.current).toBe(screen.getByLabelText('Name'));
  });

  it('keeps a caller aria-describedby alongside its own', () => {
    renderUi(
      <>
        <p id="extra">Extra help</p>
        <TextField label="Name" aria-describedby="extra" error="Required" />
      </>,
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Required Extra help');
  });
});
