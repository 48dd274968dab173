import { screen } from '@testing-library/react';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { definePage, downloadsPage, pageUrl } from '@platform/contracts/client';
import { defineRemoteRoutes } from './defineRemoteRoutes';
import { isThrowRequested } from './throwProbe';
import { renderWithPlatform } from './testing';

class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>caught: {this.state.error.name}</p> : this.props.children;
  }
}

const downloads = definePage({
  name: 'downloads',
  path: pageUrl(downloadsPage),
  remote: 'datasets',
  layout: 'app',
  title: 'Dataset Downloads',
  description: 'Published datasets.',
  access: 'signedIn',
});

const datasets = defineRemoteRoutes('mf_datasets', [
  { page: downloads, Component: () => <h1>Dataset Downloads</h1> },
]);
const Page = datasets.routes[0]!.Component;

function renderAt(url: string) {
  return renderWithPlatform(
    <Catch>
      <Page />
    </Catch>,
    { path: url },
  );
}

describe('defineRemoteRoutes', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("takes each page's path, title and description from its declaration and renders the page", () => {
    expect(datasets.routes.map(({ path, title, description }) => ({ path, title, description }))).toEqual([
      { path: downloads.path, title: 'Dataset Downloads', description: 'Published datasets.' },
    ]);
    renderAt(pageUrl(downloads));
    expect(screen.getByRole('heading', { name: 'Dataset Downloads' })).toBeInTheDocument();
  });

  it('throws while rendering when ?__throw names this remote', () => {
    renderAt(`${pageUrl(downloads)}?__throw=mf_datasets`);
    expect(screen.getByText('caught: RequestedRenderError')).toBeInTheDocument();
  });

  it('ignores ?__throw for another remote', () => {
    renderAt(`${pageUrl(downloads)}?__throw=mf_auth`);
    expect(screen.getByRole('heading', { name: 'Dataset Downloads' })).toBeInTheDocument();
  });

  it('accepts a comma separated list', () => {
    expect(isThrowRequested('mf_auth', '?__throw=mf_datasets,mf_auth')).toBe(true);
    expect(isThrowRequested('mf_auth', '?__throw=mf_authx')).toBe(false);
  });
});
