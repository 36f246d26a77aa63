import { buildIfNeeded } from '../support/production-server';

/** Browser tests run against the production build, made once before they start. */
export default function globalSetup() {
  buildIfNeeded();
}
