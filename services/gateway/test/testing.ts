// The gateway as other suites start it (the cross-service tests in integration/): in front of real services,
// on its own test database, with a signed-in account when a test needs one.
export { startAccountsGateway, ROOMY_RATE_LIMITS, type AccountsGateway } from './accounts-gateway';
export { signedInAs } from './signed-in';
export { BackgroundWork } from '../src/accounts/background';
