import { useEffect } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Link, useLocation } from '@platform/router';
import { useSession } from '@platform/store';
import { testUser } from '@platform/store/testing';
import { useToast } from '@platform/ui';
import { defineRemoteRoutes } from '../defineRemoteRoutes';
import { renderWithPlatform } from './renderWithPlatform';
import { testPage } from './testPage';

function Who() {
  const session = useSession();
  return <p>{session.status === 'signedIn' ? session.user.email : session.status}</p>;
}

function Carried() {
  const { state } = useLocation();
  return <p>state: {JSON.stringify(state)}</p>;
}

const pages = defineRemoteRoutes('mf_kit_test', [
  { page: testPage('/one', 'One'), Component: () => <h1>One</h1> },
  {
    page: testPage('/two', 'Two'),
    Component: () => (
      <>
        <h1>Two</h1>
        <Carried />
        <Link to="/one?from=two">Go to one</Link>
      </>
    ),
  },
]);

describe('renderWithPlatform', () => {
  it("renders a remote's page at the path, with its query string and navigation state", async () => {
    const { user, location } = renderWithPlatform(pages, { path: '/two?tab=a', state: { email: 'a@b.c' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Two' })).toBeInTheDocument();
    expect(screen.getByText('state: {"email":"a@b.c"}')).toBeInTheDocument();
    expect(location()).toBe('/two?tab=a');
    await user.click(screen.getByRole('link', { name: 'Go to one' }));
    expect(screen.getByRole('heading', { level: 1, name: 'One' })).toBeInTheDocument();
    expect(location()).toBe('/one?from=two');
    expect(screen.getByTestId('location')).toHaveTextContent('/one?from=two');
  });

  it('shows "Elsewhere" for a path the remote does not serve', () => {
    renderWithPlatform(pages, { path: '/three' });
    expect(screen.getByRole('heading', { level: 1, name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('answers the session from the fake gateway when signedInAs is given', async () => {
    const { server } = renderWithPlatform(<Who />, { signedInAs: testUser });
    expect(await screen.findByText(testUser.email)).toBeInTheDocument();
    expect(server.calls('GET /auth/session').length).toBeGreaterThan(0);
  });

  it('says nobody is signed in for signedInAs: null', async () => {
    renderWithPlatform(<Who />, { signedInAs: null });
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
  });

  it('provides the toasts', async () => {
    function Toaster() {
      const toast = useToast();
      return <button onClick={() => toast.show({ title: 'Saved' })}>Save</button>;
    }
    const { user } = renderWithPlatform(<Toaster />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('renders in StrictMode as the shell does: effects are set up, torn down and set up again', async () => {
    const events: string[] = [];
    function Effectful() {
      useEffect(() => {
        events.push('setup');
        return () => void events.push('cleanup');
      }, []);
      return null;
    }
    renderWithPlatform(<Effectful />);
    await waitFor(() => expect(events).toEqual(['setup', 'cleanup', 'setup']));
  });

  it('can leave StrictMode out', () => {
    const events: string[] = [];
    function Effectful() {
      useEffect(() => void events.push('setup'), []);
      return null;
    }
    renderWithPlatform(<Effectful />, { strict: false });
    expect(events).toEqual(['setup']);
  });

  it('uses the store it is given', () => {
    const first = renderWithPlatform(<p>a</p>);
    first.unmount();
    const second = renderWithPlatform(<p>b</p>, { store: first.store });
    expect(second.store).toBe(first.store);
  });
});
