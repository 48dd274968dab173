// A failed call as the screens read it, in the chosen language; the remote's screens import both from here.
export { readApiError } from '@platform/store';
export { specificErrorMessage } from '@platform/remote-kit';
