import { Link } from '@platform/router';
import styled from 'styled-components';
import { BRAND_NAME, PageBody } from '@platform/remote-kit';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  nav ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[4]};
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const Brand = styled(Link)`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  text-decoration: none;
`;

const Hero = styled.section`
  padding: ${({ theme }) => `${theme.space[16]} ${theme.space[6]}`};
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['5xl']};
  }
`;

const CallToAction = styled(Link)`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary.main};
  color: ${({ theme }) => theme.colors.primary.contrastText};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  &:hover {
    color: ${({ theme }) => theme.colors.primary.contrastText};
    background: ${({ theme }) => theme.colors.primary.hover};
  }
`;

// The landing page's anchor sections; their content arrives with the landing page issue.
const sections = [
  { id: 'features', heading: 'Features' },
  { id: 'how-it-works', heading: 'How it works' },
  { id: 'roles', heading: 'User roles' },
  { id: 'demo', heading: 'See it in action' },
  { id: 'faq', heading: 'Frequently asked questions' },
  { id: 'contact', heading: 'Contact us' },
];

/** /: the landing page frame: its own header (the shell adds no chrome here), the hero and its sections. */
export function LandingPage() {
  return (
    <>
      <Header>
        <Brand to="/">{BRAND_NAME}</Brand>
        <nav aria-label="Site">
          <ul>
            <li>
              <Link to="/funding-grant">Fundings/Grants</Link>
            </li>
            <li>
              <a href="#faq">FAQ</a>
            </li>
            <li>
              <Link to="/download">Download</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/signin">Get Started</Link>
            </li>
          </ul>
        </nav>
      </Header>
      <Hero aria-labelledby="hero-title">
        <h1 id="hero-title" tabIndex={-1}>
          Revolutionizing Language Data Collection
        </h1>
        <CallToAction to="/signin">Get Started</CallToAction>
      </Hero>
      <PageBody>
        {sections.map(({ id, heading }) => (
          <section key={id} id={id} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{heading}</h2>
          </section>
        ))}
      </PageBody>
    </>
  );
}
