import { screen } from '@testing-library/react';
import { useState } from 'react';
import { ERROR_MESSAGES } from '@platform/contracts/client';
import { initTestI18n } from '@platform/i18n/test-setup';
import { errorReply } from '@platform/store/testing';
import { renderWithPlatform } from './testing';
import { useFormSubmit } from './useFormSubmit';

// The page's i18n, started as a remote's tests start it: refusals are said through it.
initTestI18n({});

type Answer = { status?: number; body?: unknown } | 'lost';

/** A one-field form whose send answers as `answer` says (a rejection is what `.unwrap()` throws). */
function NameForm({ answer, busy = false }: { answer: () => Answer; busy?: boolean }) {
  const [name, setName] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const { errors, problem, onSubmit } = useFormSubmit({
    validate: () => (name.trim() ? {} : { name: 'Please give a name.' }),
    send: async () => {
      const reply = answer();
      if (reply === 'lost') throw { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
      if ((reply.status ?? 200) >= 400) throw { status: reply.status, data: reply.body };
      return name;
    },
    onSent: (saved) => setSent((list) => [...list, saved]),
    fieldOf: (code) => (code === 'project.name_taken' ? 'name' : undefined),
    fallback: 'The project could not be saved.',
    busy,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {errors.name ? <p data-testid="name-error">{errors.name}</p> : null}
      {problem ? <p role="alert">{problem}</p> : null}
      <p data-testid="sent">{sent.join(',')}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFormSubmit', () => {
  it('says what the checks find beside the field and sends nothing; a good form is sent once', async () => {
    const answer = jest.fn((): Answer => ({}));
    const { user } = renderWithPlatform(<NameForm answer={answer} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('name-error')).toHaveTextContent('Please give a name.');
    expect(answer).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Ìwé');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ìwé')).toBeInTheDocument();
    expect(screen.queryByTestId('name-error')).toBeNull();
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it("puts a refusal beside the field its code is about, else above the form in the server's words", async () => {
    let reply: Answer = errorReply(409, ERROR_MESSAGES['project.name_taken']);
    const { user } = renderWithPlatform(<NameForm answer={() => reply} />);
    await user.type(screen.getByLabelText('Name'), 'Ìwé');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('name-error')).toHaveTextContent(ERROR_MESSAGES['project.name_taken']);
    expect(screen.queryByRole('alert')).toBeNull();

    // A refusal of another field's: the form's problem.
    reply = errorReply(422, ERROR_MESSAGES['project.due_before_start']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES['project.due_before_start']);
    expect(screen.queryByTestId('name-error')).toBeNull();
    expect(screen.getByTestId('sent')).toBeEmptyDOMElement();
  });

  it("says the form's own sentence for a failure that tells nothing more, and the network's for a lost answer", async () => {
    let reply: Answer = { status: 500, body: { error: 'Internal Server Error', code: 'server.internal' } };
    const { user } = renderWithPlatform(<NameForm answer={() => reply} />);
    await user.type(screen.getByLabelText('Name'), 'Ìwé');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The project could not be saved.');

    reply = 'lost';
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES['network.unreachable']);
  });

  it('does nothing on a submit while the last one is being sent', async () => {
    const answer = jest.fn((): Answer => ({}));
    const { user } = renderWithPlatform(<NameForm answer={answer} busy />);
    await user.type(screen.getByLabelText('Name'), 'Ìwé');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(answer).not.toHaveBeenCalled();
    expect(screen.queryByTestId('name-error')).toBeNull();
  });
});
