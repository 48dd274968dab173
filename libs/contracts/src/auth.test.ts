import { Value } from '@sinclair/typebox/value';
import { AUTH_MESSAGES } from './auth';
import { emailProblem, normalizeEmail, signinProblem, signupProblem } from './auth-rules';
import { Identity } from './identity';

const good = { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.org', password: 'Secret123' };

describe('sign-up rules in the SPEC words', () => {
  it('accepts a good form, with or without a role', () => {
    expect(signupProblem(good)).toBeNull();
    expect(signupProblem({ ...good, role: 'researcher' })).toBeNull();
    expect(signupProblem({ ...good, firstname: '  Jo  ', lastname: 'x'.repeat(20) })).toBeNull();
  });

  it.each([
    [{ firstname: '' }, 'First name is required'],
    [{ firstname: ' J ' }, 'Too short!'],
    [{ lastname: 'x'.repeat(21) }, 'Too long!'],
    [{ lastname: undefined }, 'Last name is required'],
    [{ email: ' ' }, '*Required'],
    [{ email: 'ada@example.company' }, 'Invalid email address'],
    [{ password: '' }, 'Password is required'],
    [{ password: 'secret12' }, 'Password must contain: 8+ characters, 1 number, 1 uppercase letter'],
    [{ role: 'admin' }, AUTH_MESSAGES.adminNotAllowed],
    [{ role: 'manager' }, AUTH_MESSAGES.roleInvalid],
  ])('%j gives %s', (change, message) => {
    expect(signupProblem({ ...good, ...change })).toBe(message);
  });

  it('reports the first problem in the form order', () => {
    expect(signupProblem({ firstname: '', lastname: '', email: '', password: '' })).toBe(
      'First name is required',
    );
  });
});

describe('sign-in rules and emails', () => {
  it('checks presence and the email pattern only', () => {
    expect(signinProblem({ email: 'ada@example.org', password: 'x' })).toBeNull();
    expect(signinProblem({ email: '', password: 'x' })).toBe('*Required');
    expect(signinProblem({ email: 'ada@', password: 'x' })).toBe('Invalid email address');
    expect(signinProblem({ email: 'ada@example.org', password: '' })).toBe('Password is required');
  });

  it('lowercases and trims addresses', () => {
    expect(normalizeEmail('  Ada@Example.ORG ')).toBe('ada@example.org');
    expect(emailProblem('  Ada@Example.ORG ')).toBeNull();
  });
});

describe('Identity', () => {
  it('carries an optional display name', () => {
    expect(Value.Check(Identity, { id: 'u1', role: 'reviewer', name: 'Ada Obi' })).toBe(true);
    expect(Value.Check(Identity, { id: 'u1', role: 'reviewer' })).toBe(true);
    expect(Value.Check(Identity, { id: 'u1', role: 'reviewer', name: '' })).toBe(false);
    expect(Value.Check(Identity, { id: 'u1', role: 'reviewer', name: 'x'.repeat(42) })).toBe(false);
  });
});
