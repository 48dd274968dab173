import { screen } from '@testing-library/react';
import { renderUi } from '../../testing/renderUi';
import { Accordion } from './Accordion';

const items = [
  { id: 'a', title: 'What is this platform?', content: 'Answer A' },
  { id: 'b', title: 'How do I contribute?', content: 'Answer B' },
  { id: 'c', title: 'Is it free?', content: 'Answer C' },
];

describe('Accordion', () => {
  it('starts closed with triggers wired to their panels', () => {
    renderUi(<Accordion items={items} />);
    const trigger = screen.getByRole('button', { name: 'What is this platform?' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(panel).not.toBeVisible();
  });

  it('keeps at most one item open, and clicking the open one closes it', async () => {
    const onValueChange = jest.fn();
    const { user } = renderUi(<Accordion items={items} onValueChange={onValueChange} />);
    const a = screen.getByRole('button', { name: 'What is this platform?' });
    const b = screen.getByRole('button', { name: 'How do I contribute?' });

    await user.click(a);
    expect(a).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'What is this platform?' })).toHaveTextContent('Answer A');

    await user.click(b);
    expect(b).toHaveAttribute('aria-expanded', 'true');
    expect(a).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Answer A')).not.toBeVisible();
    expect(screen.getAllByRole('region')).toHaveLength(1);

    await user.click(b);
    expect(b).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    expect(onValueChange.mock.calls).toEqual([['a'], ['b'], [null]]);
  });

  it('works from the keyboard (Enter and Space on the trigger)', async () => {
    const { user } = renderUi(<Accordion items={items} defaultValue="c" />);
    expect(screen.getByText('Answer C')).toBeVisible();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Answer A')).toBeVisible();
    expect(screen.getByText('Answer C')).not.toBeVisible();
    await user.keyboard(' ');
    expect(screen.getByText('Answer A')).not.toBeVisible();
  });
});
