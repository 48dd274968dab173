import { screen } from '@testing-library/react';
import { renderUi } from '../../testing/renderUi';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('exposes value, min and max, named by its label', () => {
    renderUi(<ProgressBar label="Upload" value={40} showValue />);
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('40%')).toBeInTheDocument();
  });

  it('supports a custom range and value text', () => {
    renderUi(
      <ProgressBar aria-label="Sentences" value={3} min={0} max={5} valueText="3 of 5 sentences" />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Sentences' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '5');
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 5 sentences');
    expect(bar.firstElementChild).toHaveStyle({ width: '60%' });
  });

  it('clamps values outside the range', () => {
    renderUi(<ProgressBar aria-label="p" value={180} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('is indeterminate without a value (no aria-valuenow)', () => {
    renderUi(<ProgressBar aria-label="Processing" />);
    expect(screen.getByRole('progressbar', { name: 'Processing' })).not.toHaveAttribute('aria-valuenow');
  });
});
