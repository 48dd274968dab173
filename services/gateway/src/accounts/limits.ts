import type { RateLimit } from '../edge/rate-limits/keyed-limiter';

export interface AccountRateLimits {
  /** Every sign-in attempt of one client, whatever the address (one client trying many addresses). */
  signinPerClient: RateLimit;
  /** Failed sign-ins on one address from one client: past it, that client is refused for that address. */
  signinFailuresPerAddressClient: RateLimit;
  /**
   * Failed sign-ins on one address from anywhere: past it, every client that has itself failed on the
   * address is refused for it, while a client with no failure there (the owner, elsewhere) still gets in.
   */
  signinFailuresPerAddress: RateLimit;
  resendPerAddress: RateLimit;
  resendPerClient: RateLimit;
  signupPerClient: RateLimit;
  queryEmailPerClient: RateLimit;
  verifyPerClient: RateLimit;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: AccountRateLimits = {
  signinPerClient: { max: 30, windowMs: MINUTE },
  signinFailuresPerAddressClient: { max: 5, windowMs: MINUTE },
  signinFailuresPerAddress: { max: 10, windowMs: MINUTE },
  resendPerAddress: { max: 3, windowMs: 15 * MINUTE },
  resendPerClient: { max: 10, windowMs: 15 * MINUTE },
  signupPerClient: { max: 20, windowMs: 15 * MINUTE },
  queryEmailPerClient: { max: 60, windowMs: MINUTE },
  verifyPerClient: { max: 30, windowMs: MINUTE },
};

/** Current-password checks per person and window (settings: password, address, deletion). */
export const DEFAULT_PASSWORD_CHECKS: RateLimit = { max: 10, windowMs: 15 * 60_000 };
