/**
 * Each person the suite signs up through the API comes from an address of their own, as real people do: the
 * gateway limits sign-ups per client, and a suite of some dozens of people on one address would meet that
 * limit. Addresses are from 198.18.0.0/15, the range set aside for tests; the suite's gateway trusts one
 * proxy hop (TRUST_PROXY=1), so it reads the client from X-Forwarded-For as it would behind a real proxy.
 */
let issued = 0;

export function newClientAddress(): string {
  issued += 1;
  return `198.18.${Math.floor(issued / 250) % 256}.${(issued % 250) + 1}`;
}
