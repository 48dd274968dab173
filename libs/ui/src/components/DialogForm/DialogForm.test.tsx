import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { renderUi } from '../../testing/renderUi';
import { CheckboxGroup } from '../CheckboxGroup/CheckboxGroup';
import { TextField } from '../TextField/TextField';
import { DialogForm } from './DialogForm';

/** A form whose every submit is refused by the checks given, as a screen's would be. */
function Harness({
  check,
  busy = false,
}: {
  check: () => { name?: string; kinds?: string };
  busy?: boolean;
}) {
  const [errors, setErrors] = useState<{ name?: string; kinds?: string }>({});
  const [closed, setClosed] = useState(false);
  const [sent, setSent] = useState(0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length === 0) setSent((n) => n + 1);
  };
  return (
    <>
      <p>{closed ? 'closed' : `sent ${sent}`}</p>
      <DialogForm
        open={!closed}
        onClose={() => setClosed(true)}
        title="New project"
        closeLabel="Close"
        cancelLabel="Cancel"
        submitLabel="Create"
        busy={busy}
        onSubmit={submit}
        errors={errors}
      >
        <TextField label="Description" />
        <CheckboxGroup
          legend="Kinds"
          options={[{ value: 'recordings', label: 'Recordings' }]}
          value={[]}
          onChange={() => undefined}
          error={errors.kinds}
        />
        <TextField label="Name" error={errors.name} />
      </DialogForm>
    </>
  );
}

describe('DialogForm', () => {
  it('sends the form from its submit button, and Cancel closes it', async () => {
    const { user } = renderUi(<Harness check={() => ({})} />);
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(screen.getByText('sent 1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes the focus to the first field a refused submit says is wrong', async () => {
    const { user } = renderUi(<Harness check={() => ({ name: 'A project has this name.' })} />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it("goes to a group's first box when the group comes first", async () => {
    const { user } = renderUi(<Harness check={() => ({ name: 'Required.', kinds: 'Choose one.' })} />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('checkbox', { name: 'Recordings' })).toHaveFocus();
  });

  it('shows that the form is being sent on its submit button', () => {
    renderUi(<Harness check={() => ({})} busy />);
    expect(screen.getByRole('button', { name: 'Create' })).toHaveAttribute('aria-busy', 'true');
  });
});
