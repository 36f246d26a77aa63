// The live script of /calculators/debt-to-income (../start.ts), bundled by server/build.mjs.
import { debtToIncomeResults } from '../../views/debt-to-income';
import { startLive } from '../start';

startLive(debtToIncomeResults);
