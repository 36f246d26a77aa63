// The live script of /calculators/maximum-loan (../start.ts), bundled by server/build.mjs.
import { maximumLoanResults } from '../../views/maximum-loan';
import { startLive } from '../start';

startLive(maximumLoanResults);
