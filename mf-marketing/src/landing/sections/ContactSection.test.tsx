import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { useLocaleInTest } from '@platform/i18n/testing';
import { errorReply, installFakeServer } from '@platform/store/testing';
import type { FakeReply, FakeServer } from '@platform/store/testing';
import { ContactSection } from './ContactSection';

let server: FakeServer;

function renderForm(reply: FakeReply | (() => Promise<FakeReply>) = { body: { ok: true } }) {
  server = installFakeServer();
  server.on('POST /api/contact', typeof reply === 'function' ? reply : () => reply);
  return renderWithPlatform(<ContactSection />);
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const interest = () => screen.getByRole('combobox', { name: /I am interested in/ });
const send = () => screen.getByRole('button', { name: 'Send message' });

async function fill(user: ReturnType<typeof renderForm>['user']) {
  await user.type(field(/First name/), 'Adaeze');
  await user.type(field(/Last name/), 'Okafor');
  await user.type(field(/Email/), 'adaeze@example.org');
  await user.type(field(/Languages/), 'Igbo, Yoruba');
}

describe('the contact form', () => {
  it('asks for first and last name, e-mail, interest (Contributing speech data first) and optional languages', () => {
    renderForm();
    const section = screen.getByRole('region', { name: 'Contact us' });
    expect(within(section).getByRole('form', { name: 'Contact us' })).toBeInTheDocument();
    expect(interest()).toHaveValue('Contributing speech data');
    expect(
      within(interest())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Contributing speech data',
      'Validating submissions',
      'Accessing the dataset for research',
      'Enterprise partnership',
      'Other inquiry',
    ]);
    expect(field(/Languages/)).not.toBeRequired();
  });

  it('says next to each field what is missing, and sends nothing', async () => {
    const { user } = renderForm();
    await user.click(send());
    for (const [name, message] of [
      [/First name/, 'Please enter your first name.'],
      [/Last name/, 'Please enter your last name.'],
      [/Email/, 'Please enter your email address.'],
    ] as const) {
      const input = field(name);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(message);
    }
    expect(field(/First name/)).toHaveFocus();
    expect(field(/Languages/)).not.toHaveAttribute('aria-invalid');
    expect(server.calls('POST /api/contact')).toHaveLength(0);
  });

  it('refuses an e-mail without an at-sign and a dot after it, and the message goes once it is right', async () => {
    const { user } = renderForm();
    await user.type(field(/First name/), 'Adaeze');
    await user.type(field(/Last name/), 'Okafor');
    await user.type(field(/Email/), 'adaeze@example');
    await user.click(send());
    expect(field(/Email/)).toHaveAccessibleDescription(
      'Please enter a valid email address, such as name@example.com.',
    );
    expect(field(/Email/)).toHaveFocus();
    await user.type(field(/Email/), '.org');
    expect(field(/Email/)).not.toHaveAttribute('aria-invalid');
    expect(server.calls('POST /api/contact')).toHaveLength(0);
  });

  it('sends the fields with the interest as its English value, then says Success! and empties the form', async () => {
    const { user } = renderForm();
    await fill(user);
    await user.selectOptions(interest(), 'Enterprise partnership');
    await user.click(send());
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText("Thank you for your interest. We'll be in touch soon.")).toBeInTheDocument();
    expect(server.calls('POST /api/contact').map((r) => r.json)).toEqual([
      {
        firstName: 'Adaeze',
        lastName: 'Okafor',
        email: 'adaeze@example.org',
        interest: 'Enterprise partnership',
        languages: 'Igbo, Yoruba',
      },
    ]);
    expect(field(/First name/)).toHaveValue('');
    expect(field(/Last name/)).toHaveValue('');
    expect(field(/Email/)).toHaveValue('');
    expect(field(/Languages/)).toHaveValue('');
    expect(interest()).toHaveValue('Contributing speech data');
  });

  it('reads Submitting... and cannot be sent twice while the message is on its way', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    const { user } = renderForm(() => new Promise<FakeReply>((resolve) => (answer = resolve)));
    await fill(user);
    await user.click(send());
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    answer({ body: { ok: true } });
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(send()).toBeEnabled();
    expect(server.calls('POST /api/contact')).toHaveLength(1);
  });

  it('says Something went wrong. when the server fails, keeping what was typed', async () => {
    const { user } = renderForm(errorReply(500, 'Internal Server Error'));
    await fill(user);
    await user.click(send());
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('There was an error submitting the form. Please try again.')).toBeInTheDocument();
    expect(field(/First name/)).toHaveValue('Adaeze');
    expect(screen.queryByText('Success!')).toBeNull();
  });

  it.each([
    [429, 'rate_limit.exceeded', 'Too many requests. Please wait a moment.'],
    [400, 'request.invalid', 'body/email must match pattern'],
  ])(
    'shows the server refusing (%i) beside the form too, with the failure toast',
    async (status, code, message) => {
      const { user } = renderForm({ status, body: { error: 'Refused', code, message, statusCode: status } });
      await fill(user);
      await user.click(send());
      expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
      const form = screen.getByRole('form', { name: 'Contact us' });
      expect(within(form).getByRole('alert')).toHaveTextContent(message);
      expect(field(/First name/)).toHaveValue('Adaeze');
    },
  );

  describe('in Yoruba', () => {
    useLocaleInTest('yo');

    it('shows the interests in Yoruba and still sends the English value', async () => {
      const { user } = renderForm();
      const select = screen.getByRole('combobox', { name: /Ohun tí ó wù mí/ });
      expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('Fífi ohùn kún dátà');
      await user.type(screen.getByRole('textbox', { name: /Orúkọ àkọ́kọ́/ }), 'Adé');
      await user.type(screen.getByRole('textbox', { name: /Orúkọ ìdílé/ }), 'Bọ́lá');
      await user.type(screen.getByRole('textbox', { name: /Ímeèlì/ }), 'ade@example.org');
      await user.click(screen.getByRole('button', { name: 'Ẹ fi ránṣẹ́' }));
      expect(await screen.findByText('Ó ti yọrí sí rere!')).toBeInTheDocument();
      expect(server.calls('POST /api/contact')[0]?.json).toEqual({
        firstName: 'Adé',
        lastName: 'Bọ́lá',
        email: 'ade@example.org',
        interest: 'Contributing speech data',
      });
    });
  });
});
