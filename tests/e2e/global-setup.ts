import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from '../../scripts/build-if-needed';

/** Browser tests run against the production build, made once before they start. */
export default function globalSetup() {
  buildIfNeeded(fileURLToPath(new URL('../..', import.meta.url)), (message) => console.warn(message));
}
